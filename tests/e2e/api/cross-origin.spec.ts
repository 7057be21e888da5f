import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { ALLOWED_CLIENT_PORT, E2E_PORT, sidePort } from '../support/ports.ts';

/*
 * Another site's web client (spec section 7: "/api/ on the API host"): a page served from a second origin whose
 * script calls the API of the e2e server with fetch, as eBroker's own web client does. playwright.config.ts allows
 * the first origin (CORS_ORIGINS); the second is allowed nowhere.
 */
const API = `http://localhost:${E2E_PORT}/api`;
const ALLOWED = `http://127.0.0.1:${ALLOWED_CLIENT_PORT}`;
const OTHER = `http://127.0.0.1:${sidePort(32)}`;

/** The client page: `call` fetches from the API and answers what the page could read of the reply. */
const CLIENT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Another site's client</title></head>
  <body>
    <main><h1>Another site's client</h1></main>
    <script>
      window.call = async (path, { token, body } = {}) => {
        const headers = { 'accept-language': 'en' };
        if (token) headers.authorization = 'Bearer ' + token;
        if (body) headers['content-type'] = 'application/json';
        try {
          const response = await fetch('${API}/' + path, {
            method: body ? 'POST' : 'GET',
            headers,
            body: body ? JSON.stringify(body) : undefined,
          });
          return { status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() };
        } catch (error) {
          return { failed: String(error) };
        }
      };
      window.showImage = (src) =>
        new Promise((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
          img.src = src;
          document.querySelector('main').append(img);
        });
    </script>
  </body>
</html>`;

type Reply = { status?: number; requestId?: string | null; body?: any; failed?: string };
const call = (page: Page, path: string, init: { token?: string; body?: unknown } = {}): Promise<Reply> =>
  page.evaluate(([p, i]) => (window as any).call(p, i), [path, init] as const);

test.describe.configure({ mode: 'serial' });
const servers: http.Server[] = [];

test.beforeAll(async () => {
  for (const origin of [ALLOWED, OTHER]) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(CLIENT_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
    servers.push(server);
  }
});
test.afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

test('a page of an allowed origin reads the settings, writes, signs in and calls with its token', async ({ page }) => {
  await page.goto(`${ALLOWED}/`);

  const settings = await call(page, 'web-settings');
  expect(settings.status).toBe(200);
  expect(settings.body.data.company_name).toEqual(expect.any(String));
  expect(settings.requestId).toMatch(/^[\w-]{8,}$/);
  // Files named in replies are absolute on the API's site, so the page shows them.
  expect(settings.body.data.web_placeholder_logo).toMatch(new RegExp(`^http://localhost:${E2E_PORT}/`));
  const listings = await call(page, 'get_property?limit=1');
  const photo = listings.body.data.items[0].title_image.url as string;
  expect(photo).toMatch(new RegExp(`^http://localhost:${E2E_PORT}/uploads/`));
  expect(await page.evaluate((src) => (window as any).showImage(src), photo)).toBeGreaterThan(0);

  // A write without a session: the JSON body makes the browser ask first (a preflight), and send only if allowed.
  const contact = await call(page, 'contct_us', {
    body: {
      first_name: 'Cross',
      last_name: 'Origin',
      email: 'cross.origin@example.com',
      subject: 'From another site',
      message: 'Sent by the web client of another site, through the API.',
    },
  });
  expect(contact).toMatchObject({ status: 200, body: { error: false } });

  const signedIn = await call(page, 'user_signup', {
    body: { logintype: 'email', email: 'agent10@example.com', password: 'demo1234' },
  });
  expect(signedIn.status).toBe(200);
  const token = signedIn.body.data.token as string;
  const me = await call(page, 'get-user-data', { token });
  expect(me).toMatchObject({ status: 200, body: { data: { email: 'agent10@example.com' } } });
  // Without the token the call is refused, and the page can read why.
  expect(await call(page, 'get-user-data')).toMatchObject({ status: 401, body: { error: true } });
});

test('the production listener answers the preflight itself, for allowed origins only', async ({ request }) => {
  const preflight = (origin: string) =>
    request.fetch(`${API}/user_signup`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const allowed = await preflight(ALLOWED);
  expect(allowed.status()).toBe(204);
  expect(allowed.headers()).toMatchObject({
    'access-control-allow-origin': ALLOWED,
    'access-control-allow-methods': expect.stringContaining('POST'),
    'access-control-allow-headers': expect.stringContaining('Content-Type'),
  });
  const other = await preflight(OTHER);
  expect(other.status()).toBe(204);
  expect(Object.keys(other.headers()).filter((name) => name.startsWith('access-control-'))).toEqual([]);
});

test('a page of an origin that is not allowed can neither read nor write', async ({ page }) => {
  await page.goto(`${OTHER}/`);
  expect((await call(page, 'web-settings')).failed).toMatch(/TypeError/);
  expect(
    (
      await call(page, 'user_signup', {
        body: { logintype: 'email', email: 'agent10@example.com', password: 'demo1234' },
      })
    ).failed,
  ).toMatch(/TypeError/);
});
