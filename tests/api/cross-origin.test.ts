import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../src/server/services/session-service.ts';
import { adminToken, userWithPassword } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The environment is read once per process: the allowed origin is set before anything reads it.
vi.hoisted(() => {
  process.env['CORS_ORIGINS'] = 'https://app.example, http://localhost:5173';
});

const APP = 'https://app.example';
const CONSOLE_ADDED = 'https://console-added.example';
const ELSEWHERE = 'https://elsewhere.example';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
});

const preflight = (path: string, origin: string, method = 'POST') =>
  app.call('OPTIONS', path, {
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, x-language',
    },
  });
const corsHeaders = (headers: Headers) => [...headers.keys()].filter((name) => name.startsWith('access-control-'));
const listed = (value: string | null) => (value ?? '').split(',').map((name) => name.trim().toLowerCase());
const contact = (origin: string, init: { ip: string; token?: string; headers?: Record<string, string> }) =>
  app.call('POST', '/api/contct_us', {
    body: {
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      subject: 'A viewing',
      message: 'May I see the flat on Saturday morning, please?',
    },
    ...init,
    headers: { origin, ...init.headers },
  });

describe('preflight', () => {
  it('answers an allowed origin with 204, the methods, headers and how long to keep them', async () => {
    const res = await preflight('/api/contct_us', APP);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(listed(res.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'post', 'delete']),
    );
    expect(listed(res.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'accept-language', 'x-language', 'x-request-id']),
    );
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(listed(res.headers.get('vary'))).toContain('origin');
    // Allowed origins call with bearer tokens, never with the visitor's cookie (docs/decisions/043).
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('is answered on any API path, before routing says a call does not exist', async () => {
    const res = await preflight('/api/no-such-call', 'http://localhost:5173', 'DELETE');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('gives an origin that is not allowed no CORS headers at all', async () => {
    const res = await preflight('/api/contct_us', ELSEWHERE);
    expect(res.status).toBe(204);
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('replies to an allowed origin', () => {
  it('name that origin (never *), expose the headers clients read, and vary by Origin', async () => {
    const res = await app.call('GET', '/api/web-settings', { headers: { origin: APP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(listed(res.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['x-request-id', 'retry-after', 'x-session-ended']),
    );
    expect(listed(res.headers.get('vary'))).toContain('origin');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('carry the headers on errors too, so the client can read what went wrong', async () => {
    const res = await app.call('GET', '/api/get_notification_list', { headers: { origin: APP } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('are not readable by another origin, whose reply still varies by Origin', async () => {
    const res = await app.call('GET', '/api/web-settings', { headers: { origin: ELSEWHERE } });
    expect(res.status).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(listed(res.headers.get('vary'))).toContain('origin');
  });
});

describe('writes from another origin', () => {
  it('pass from an allowed origin without a session, and from any origin with a bearer token', async () => {
    const anonymous = await contact(APP, { ip: '198.51.100.61' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe(APP);
    const { token } = await userWithPassword(app.database.db);
    expect((await contact(APP, { ip: '198.51.100.62', token })).status).toBe(200);
  });

  it('are refused from an origin that is not allowed, as before', async () => {
    const res = await contact(ELSEWHERE, { ip: '198.51.100.63' });
    expect(res.status).toBe(403);
    expect(res.body.data.code).toBe('forbidden');
  });

  it("are refused when they ride on the visitor's session cookie, even from an allowed origin", async () => {
    const { user } = await userWithPassword(app.database.db);
    const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
    const res = await contact(APP, { ip: '198.51.100.64', headers: { cookie: `session=${token}` } });
    expect(res.status).toBe(403);
  });
});

describe('the console setting allowed_origins', () => {
  const save = (value: string) =>
    app.call('POST', '/api/admin/settings', { token: admin, body: { allowed_origins: value } });

  it('adds origins, one per line or separated by commas, to those of CORS_ORIGINS', async () => {
    expect(
      (await preflight('/api/web-settings', CONSOLE_ADDED, 'GET')).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const saved = await save(`${CONSOLE_ADDED}\nhttps://second.example, http://localhost:8080`);
    expect(saved.status).toBe(200);
    const res = await preflight('/api/web-settings', CONSOLE_ADDED, 'GET');
    expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE_ADDED);
    expect((await preflight('/api/web-settings', APP, 'GET')).headers.get('access-control-allow-origin')).toBe(APP);
    const settings = (await app.call('GET', '/api/admin/settings', { token: admin })).body.data;
    const access = settings.find((group: { group: string }) => group.group === 'access');
    expect(access.settings.find((s: { key: string }) => s.key === 'allowed_origins').value).toBe(
      `${CONSOLE_ADDED}\nhttps://second.example\nhttp://localhost:8080`,
    );
  });

  it('takes bare origins only: a path, a wildcard or a word is refused with a message', async () => {
    for (const value of ['https://app.example/path', '*', 'app.example', 'ftp://files.example']) {
      const res = await save(value);
      expect(res.status, value).toBe(422);
      expect(res.body.data.fields.allowed_origins[0]).toMatch(/origin/i);
    }
  });
});
