import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../support/ports.ts';

/*
 * Requests wrong in their shape, sent to every page and endpoint of the site through the production server
 * (scripts/start.mjs, which also hands /api its requests directly): methods no address takes, including TRACE and
 * CONNECT that no fetch Request can carry, near-miss paths, and bodies that are not what they claim. None may answer
 * 5xx (tests/api/security-malformed-requests.test.ts sweeps the API's documented calls in-process).
 */

/** One request as a client sends it, whatever the method or path: Node's http, not a browser's fetch. */
function send(
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: E2E_PORT, method, path: target, headers: options.headers });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // CONNECT is answered on the bare socket, as a proxy would.
    request.on('connect', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' });
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * An address for each page and endpoint under src/pages, its [params] filled with sample values; not the API's
 * (swept in-process), nor the server error page, whose own status is 500.
 */
function siteAddresses(): string[] {
  const root = path.resolve('src/pages');
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(astro|ts)$/.test(f));
  return files
    .filter((file) => !file.startsWith(`api${path.sep}`))
    .map((file) =>
      `/${file.split(path.sep).join('/')}`
        .replace(/\.(astro|ts)$/, '')
        .replace(/\/index$/, '')
        .replace(/\[\.\.\.\w+\]/g, 'a/b.jpg')
        .replace(/\[(\w+)\]/g, (_, name: string) => (name === 'id' ? '1' : 'sample')),
    )
    .map((address) => address || '/')
    .filter((address) => address !== '/500');
}

const origin = `http://localhost:${E2E_PORT}`;
const noFault = (res: { status: number }, what: string) => {
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
};

test.describe.configure({ timeout: 240_000 });

test('no method answers 5xx on any address; the ones no address takes answer 405 with Allow', async () => {
  const addresses = siteAddresses();
  expect(addresses.length).toBeGreaterThan(50);
  expect(addresses).toEqual(expect.arrayContaining(['/', '/logout', '/uploads/a/b.jpg', '/login/google']));
  for (const address of addresses) {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL', 'TRACE']) {
      const res = await send(method, address, { headers: { origin } });
      // The missing page's own address is answered as any missing address: missing, whatever the method.
      if (address === '/404' && method !== 'TRACE') {
        expect(res.status, `${method} ${address}`).toBe(404);
        continue;
      }
      expect(res.status, `${method} ${address}`).toBe(405);
      expect(res.headers['allow'], `${method} ${address}`).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
    }
    // Methods Node's own parser does not know it refuses itself, as a bad request.
    for (const method of ['TRACK', 'FOO', 'OPTIONS', 'HEAD', 'GET'])
      noFault(await send(method, address), `${method} ${address}`);
  }
  // The API: TRACE names the call's methods; an address that is no call stays missing.
  const trace = await send('TRACE', '/api/get_languages');
  expect(trace.status).toBe(405);
  expect(trace.headers['allow']).toBe('GET, HEAD');
  expect(JSON.parse(trace.body)).toMatchObject({ error: true, data: { code: 'method_not_allowed' } });
  expect((await send('TRACE', '/api/no_such_call')).status).toBe(404);
  expect((await send('PUT', '/api/get_languages')).headers['allow']).toBe('GET, HEAD');
  // A proxy's CONNECT is no request for this site.
  const connect = await send('CONNECT', 'evil.example:443');
  expect(connect.status).toBe(405);
  expect(connect.headers['allow']).toBe('GET, HEAD, POST');
});

test('near-miss paths never answer 5xx; directories under /uploads are missing', async () => {
  const long = 'a'.repeat(4_000);
  for (const address of siteAddresses()) {
    for (const miss of [
      `${address}/`,
      `${address}//`,
      `/${address}`,
      `${address}%00`,
      `${address}/%2e%2e/%2e%2e/etc/passwd`,
      `${address}/${long}`,
      `${address}?${long}=${long}`,
      `${address}%ff`,
      `${address};x=1`,
    ])
      noFault(await send('GET', miss), `GET ${miss.slice(0, 100)}`);
  }
  for (const directory of [
    '/uploads/',
    '/uploads/private/',
    '/uploads/private',
    '/uploads/properties',
    '/uploads/properties/',
    '/uploads/some-dir',
    '/uploads//properties',
    `/uploads/${'a'.repeat(300)}`,
  ])
    expect((await send('GET', directory)).status, directory).toBe(404);
});

test('a stored file is served so that it never acts as a page of the site', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const upload = /\/uploads\/[\w./-]+\.(?:webp|avif|jpe?g|png)/.exec(home)?.[0];
  expect(upload, 'the home page shows an uploaded image').toBeDefined();
  const res = await send('GET', upload!);
  expect(res.status).toBe(200);
  expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; sandbox(;|$)/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

test('bodies that are not what they claim never answer 5xx on any page', async () => {
  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  const boundary = 'x-boundary';
  const bodies: { type: string; body: string }[] = [
    { type: 'application/json', body: deep },
    { type: 'application/json', body: '{"a": 1,' },
    { type: 'application/x-www-form-urlencoded', body: `a${'[b]'.repeat(5_000)}=x` },
    { type: 'application/x-www-form-urlencoded', body: `${'n'.repeat(100_000)}=x&email=%00` },
    { type: 'multipart/form-data', body: 'garbage without a boundary' },
    { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\n\r\nno headers\r\n--${boundary}--` },
    {
      type: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="${'f'.repeat(100_000)}"\r\n\r\nx\r\n--${boundary}--`,
    },
    { type: 'text/plain', body: 'just text' },
  ];
  for (const address of siteAddresses())
    for (const { type, body } of bodies)
      noFault(
        await send('POST', address, { headers: { origin, 'content-type': type }, body }),
        `POST ${address} ${type} ${body.slice(0, 20)}`,
      );
});
