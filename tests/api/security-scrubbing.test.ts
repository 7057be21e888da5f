import { beforeAll, describe, expect, it } from 'vitest';
import { openApiOperations, ownershipWorld, type Operation, type OwnershipWorld } from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Response scrubbing: every documented GET call, made as a visitor, as an outsider and as the owner, with the
 * owner's ids filled in. No reply may carry a key that looks like a credential, and the contact details of an
 * account that shows nothing publicly (the bystander) reach no one but the people the product shows them to.
 */
const SECRET_KEY = /pass(word)?|hash|secret|token|otp|api_?key|private_?key|session/i;
// The one reply that hands a credential out: your own session token, on signing in or registering.
const OWN_TOKEN_CALLS = new Set(['/api/user_signup', '/api/user-register', '/api/verify-otp']);
const STREAMS = new Set(['/api/chat/stream']);
/** Keys that match the pattern but are not secrets, with why. */
const NOT_SECRET: Record<string, string> = {
  maps_api_key: "the browser's Google Maps key: public by design, restricted to the site's referrer",
  token_expires_at: 'when your own session token ends',
};

let app: TestApp;
let w: OwnershipWorld;
let operations: Operation[];

beforeAll(async () => {
  app = await createTestApp();
  w = await ownershipWorld(app);
  operations = (await openApiOperations(app)).filter(
    (op) => op.method === 'GET' && !op.path.includes('{') && !STREAMS.has(op.path),
  );
});

/** Every key path in a JSON value whose name looks like a credential. */
function secretKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => [
    // Field errors are keyed by the field's name (`otp`, `password`): messages, not values.
    ...(SECRET_KEY.test(key) && !NOT_SECRET[key] && !path.endsWith('.fields') ? [`${path}.${key}`] : []),
    ...secretKeys(v, `${path}.${key}`),
  ]);
}

/** Values for the parameters a call declares, pointing at the owner's things (and the bystander's account). */
function query(op: Operation): string {
  const values: Record<string, string | number> = {
    id: w.live.id,
    slug_id: w.live.slug,
    property_id: w.live.id,
    user_id: w.bystander.user.id,
    userid: w.owner.user.id,
    field_id: w.field.id,
    city: 'Lisbon',
    search: 'Lisbon',
    email: w.bystander.user.email!,
    number: w.bystander.user.mobile!,
  };
  return new URLSearchParams(
    op.params.filter((p) => values[p] !== undefined).map((p) => [p, String(values[p])]),
  ).toString();
}

describe('what replies never carry', () => {
  it('no credential-like keys, and the bystander’s contact details reach neither visitors nor outsiders', async () => {
    const problems: string[] = [];
    const callers = { visitor: undefined, outsider: w.intruder.token, owner: w.owner.token };
    let replies = 0;
    for (const op of operations) {
      for (const [who, token] of Object.entries(callers)) {
        const res = await app.call('GET', `${op.path}?${query(op)}`, token ? { token } : {});
        replies++;
        const what = `${who} GET ${op.path}`;
        if (res.status >= 500) problems.push(`${what} -> ${res.status}`);
        const text = JSON.stringify(res.body);
        if (/\$argon2|\$2[aby]\$/.test(text)) problems.push(`${what} carries a password hash`);
        problems.push(...secretKeys(res.body).map((key) => `${what} has ${key}`));
        if (who !== 'owner') {
          if (text.includes(w.bystander.user.email!)) problems.push(`${what} shows the bystander's email`);
          if (text.includes(w.bystander.user.mobile!)) problems.push(`${what} shows the bystander's mobile`);
        }
        // A listing owner's contact details go to signed-in people only.
        if (who === 'visitor' && (text.includes(w.owner.user.email!) || text.includes(w.owner.user.mobile!)))
          problems.push(`${what} shows the owner's contact details to a visitor`);
      }
    }
    expect(problems).toEqual([]);
    expect(replies).toBeGreaterThan(100);
    // The check has teeth: the owner does see who is interested in their listing, as the product shows.
    const interested = await app.call('GET', `/api/get_interested_users?property_id=${w.live.id}`, {
      token: w.owner.token,
    });
    expect(JSON.stringify(interested.body)).toContain(w.bystander.user.email!);
  });

  it('signing in hands out your own token, and nothing else secret', async () => {
    const email = `scrub-${Date.now()}@example.com`;
    const registered = await app.call('POST', '/api/user-register', {
      body: { name: 'Scrub', email, mobile: '+351913000004', password: 'secret123', re_password: 'secret123' },
    });
    const signedIn = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email, password: 'secret123' },
    });
    for (const [path, res] of [
      ['/api/user-register', registered],
      ['/api/user_signup', signedIn],
    ] as const) {
      expect(res.status, path).toBe(200);
      expect(OWN_TOKEN_CALLS.has(path)).toBe(true);
      // In the user's data (the spec) and at the top (eBroker's clients): the same token.
      expect(secretKeys(res.body)).toEqual(['$.data.token', '$.token']);
      expect(res.body.token).toBe(res.body.data.token);
      expect(JSON.stringify(res.body)).not.toMatch(/\$argon2|secret123/);
    }
  });
});
