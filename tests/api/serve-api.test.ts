import { describe, expect, it } from 'vitest';
import { serveApi, serveFailure } from '../../src/server/api/serve.ts';
import { createTestApp } from '../support/test-app.ts';

const app = await createTestApp();
describe('the API entry both servers use', () => {
  it('adds the security headers once, after the API answered', async () => {
    const response = await serveApi(app.api, new Request('http://localhost/api/web-settings'), '127.0.0.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(response.headers.get('content-security-policy')?.match(/frame-ancestors/g)).toHaveLength(1);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const secure = await serveApi(app.api, new Request('https://example.com/api/web-settings'), '127.0.0.1');
    expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers a request the server could not read, or a failure outside the API, in the envelope with headers', async () => {
    const unreadable = Object.assign(new Error('Invalid host header'), { name: 'RequestError' });
    const refused = await serveFailure(app.api, unreadable);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: true, data: { code: 'bad_request' } });
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(refused.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);

    const failed = await serveFailure(app.api, new Error('the database went away'));
    expect(failed.status).toBe(500);
    const body = await failed.json();
    expect(body).toMatchObject({ error: true, data: { code: 'server_error' } });
    expect(JSON.stringify(body)).not.toContain('database went away');
    expect(failed.headers.get('x-frame-options')).toBe('DENY');
  });
});
