import { describe, expect, it } from 'vitest';
import { serveApi } from '../../src/server/api/serve.ts';
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
});
