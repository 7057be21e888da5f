import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';

/** What travels compressed: pages, their stylesheet and API replies, for whichever encoding the browser offers. */
for (const encoding of ['br', 'gzip']) {
  test(`pages, stylesheets and API replies travel ${encoding}-compressed`, async ({ page, request }) => {
    await page.goto('/');
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
    expect(stylesheet).toBeTruthy();
    for (const path of ['/', '/properties', stylesheet!, '/api/homepage-data']) {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], path).toBe(encoding);
      expect(response.headers()['vary'] ?? '', path).toMatch(/accept-encoding/i);
      // Playwright decodes the body: it must still be the whole page or reply.
      expect((await response.body()).length, path).toBeGreaterThan(1000);
    }
  });
}

test('a client that accepts no encoding gets the plain bytes', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBeUndefined();
  expect(await response.text()).toContain('</html>');
});

test('the live chat stream is never compressed, so each event arrives when sent', async ({ page }) => {
  await signIn(page, { email: 'user1@example.com', password: 'demo1234' }, '/');
  const stream = await page.evaluate(async () => {
    const abort = new AbortController();
    const response = await fetch('/api/chat/stream', { signal: abort.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    abort.abort();
    return {
      type: response.headers.get('content-type'),
      encoding: response.headers.get('content-encoding'),
      firstChunk: new TextDecoder().decode(first.value),
    };
  });
  expect(stream.type).toMatch(/^text\/event-stream/);
  expect(stream.encoding).toBeNull();
  expect(stream.firstChunk.length).toBeGreaterThan(0);
});
