import http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../support/ports.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The production listener (scripts/start.mjs) hands API calls to the API directly and everything else to Astro.
 * These go through it over raw HTTP, with the requests a browser never makes but clients and attackers do.
 */
const ADMIN = { logintype: 'email', email: 'admin@example.com', password: 'admin1234' };

interface RawReply {
  status: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own (a refused upload ends its connection): `chunks` are written separately,
 * so a body has no Content-Length.
 */
function raw(
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; chunks?: (string | Buffer)[] },
) {
  return new Promise<RawReply>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            statusMessage: response.statusMessage ?? '',
            headers: response.headers,
            body: Buffer.concat(parts).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

test('an API call whose body arrives in chunks, without a declared length, is answered', async () => {
  const json = JSON.stringify(ADMIN);
  const signIn = await raw('/api/user_signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    chunks: [json.slice(0, 10), json.slice(10)],
  });
  expect(signIn.status, signIn.body).toBe(200);
  expect(JSON.parse(signIn.body).data.token).toEqual(expect.any(String));

  // The 25 MB limit holds for a body that never says how long it is.
  const megabyte = Buffer.alloc(1024 * 1024, 'a');
  const tooLarge = await raw('/api/user_signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    chunks: Array.from({ length: 26 }, () => megabyte),
  });
  expect(tooLarge.status, tooLarge.body).toBe(413);
  expect(JSON.parse(tooLarge.body).data.code).toBe('payload_too_large');
});

test('a write sent with no body and no declared length gets a 4xx envelope, not a server error', async () => {
  for (const [method, path] of [
    ['POST', '/api/contct_us'],
    ['POST', '/api/user_signup'],
    ['POST', '/api/logout'],
    ['DELETE', '/api/admin/categories/999999'],
  ] as const) {
    const reply = await raw(path, { method });
    expect(reply.status, `${method} ${path}: ${reply.body}`).toBeGreaterThanOrEqual(400);
    expect(reply.status, `${method} ${path}: ${reply.body}`).toBeLessThan(500);
    expect(JSON.parse(reply.body)).toMatchObject({ error: true });
  }
});

test('a page answering with an error status says its phrase, and a receipt that is not there is the 404 page', async ({
  page,
}) => {
  // The contact form refused: 422 with its own phrase, not "422 OK".
  const refused = await raw('/contact-us', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://127.0.0.1:${E2E_PORT}` },
    chunks: ['first_name=&email=x'],
  });
  expect([refused.status, refused.statusMessage]).toEqual([422, 'Unprocessable Entity']);

  // A payment the service cannot find for this user: the missing page, not a server error.
  await signIn(page, { email: 'user2@example.com', password: 'demo1234' }, '/user/dashboard');
  const receipt = await page.goto('/user/transactions/999999');
  expect(receipt?.status()).toBe(404);
  const back = await page.goto('/subscription-plan/return?transaction=999999');
  expect(back?.status()).toBe(404);
});

test('a request with a Host header no URL can be made of gets the API envelope and security headers', async () => {
  const reply = await raw('/api/health', { headers: { host: 'bad host' } });
  expect(reply.status).toBe(400);
  expect(JSON.parse(reply.body)).toMatchObject({ error: true, data: { code: 'bad_request' } });
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('dot segments are resolved before choosing between the API and the pages', async () => {
  const reply = await raw('/api/../robots.txt', {});
  expect(reply.status).toBe(200);
  expect(reply.headers['content-type']).toContain('text/plain');
  expect(reply.body).toContain('Sitemap:');
});

test('a Range request gets the exact bytes it asked for, uncompressed', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const stylesheet = home.match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
  expect(stylesheet, 'the home page links a stylesheet').toBeTruthy();
  const whole = await raw(stylesheet!, { headers: { 'accept-encoding': 'identity' } });
  const part = await raw(stylesheet!, { headers: { range: 'bytes=10-109', 'accept-encoding': 'gzip, br' } });
  expect(part.status).toBe(206);
  expect(part.headers['content-encoding']).toBeUndefined();
  expect(part.body).toBe(whole.body.slice(10, 110));
});

test("another site's form posts are refused by the pages and the API alike", async () => {
  const form = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const page = await raw('/login', {
    method: 'POST',
    headers: { ...formHeaders, origin: 'https://evil.example' },
    chunks: [form],
  });
  expect(page.status).toBe(403);
  expect(page.headers['set-cookie']).toBeUndefined();
  expect(page.headers['x-frame-options']).toBe('DENY');

  const api = await raw('/api/user_signup', {
    method: 'POST',
    headers: { ...formHeaders, origin: 'https://evil.example' },
    chunks: [new URLSearchParams(ADMIN).toString()],
  });
  expect(api.status).toBe(403);
  expect(JSON.parse(api.body).data.code).toBe('forbidden');
  expect(api.headers['set-cookie']).toBeUndefined();

  // The same sign-in from the site itself goes through.
  const own = await raw('/login', {
    method: 'POST',
    headers: { ...formHeaders, origin: `http://localhost:${E2E_PORT}` },
    chunks: [form],
  });
  expect(own.status).toBe(303);
  expect(own.headers['set-cookie']?.join()).toContain('session=');
});
