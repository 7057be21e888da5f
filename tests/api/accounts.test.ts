import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, favourites, properties, sessions, users } from '../../src/server/db/schema/index.ts';
import { resetLinkWorks } from '../../src/server/services/password-reset-service.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { setSetting } from '../support/admin.ts';
import { createProperty, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let ipCounter = 0;
/** Each test signs in from its own address so rate limits of one test never touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const registration = (tag: string) => ({
  name: `Reg ${tag}`,
  email: `${tag}@example.com`,
  mobile: `+1555${String(2000000 + ipCounter * 97 + tag.length).padStart(7, '0')}`,
  password: 'secret1',
  re_password: 'secret1',
});

async function registerUser(tag: string) {
  const body = registration(tag);
  const res = await app.call('POST', '/api/user-register', { body, ip: freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...body, id: res.body.data.id as number, token: res.body.data.token as string };
}

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  app = await createTestApp();
});

const signIn = (email: string, password: string, ip: string, headers?: Record<string, string>) =>
  app.call('POST', '/api/user_signup', {
    body: { logintype: 'email', email, password },
    ip,
    ...(headers ? { headers } : {}),
  });

describe('user-register', () => {
  it('creates an account and returns the user with a token, never the password hash', async () => {
    const res = await app.call('POST', '/api/user-register', { body: registration('ann'), ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: false,
      message: 'Your account is ready.',
      data: { name: 'Reg ann', email: 'ann@example.com', type: 'user' },
    });
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash|passwordHash/);
    const me = await app.call('GET', '/api/get-user-data', { token: res.body.data.token });
    expect(me.body.data.email).toBe('ann@example.com');
  });

  it('accepts the spec form encoding as well as JSON', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(registration('formy'))) form.set(k, v);
    const res = await app.call('POST', '/api/user-register', { body: form, ip: freshIp() });
    expect(res.status).toBe(200);
  });

  it('explains each bad field', async () => {
    const res = await app.call('POST', '/api/user-register', {
      body: { name: '', email: 'not-mail', mobile: '12', password: '12345', re_password: '54321' },
      ip: freshIp(),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['email', 'mobile', 'name', 'password']);
    expect(res.body.data.fields.password).toEqual(['The password needs at least 6 characters.']);
    const mismatch = await app.call('POST', '/api/user-register', {
      body: { ...registration('mm'), re_password: 'other1' },
      ip: freshIp(),
    });
    expect(mismatch.body.data.fields).toEqual({ re_password: ['The passwords do not match.'] });
  });

  it("refuses an email or mobile number already in use, and tells the account's owner by mail once an hour", async () => {
    const owner = await registerUser('dupe');
    const before = (await app.outbox('dupe@example.com')).length;
    const notices = async () => (await app.outbox('dupe@example.com')).slice(before);
    const attempt = (body: Record<string, string>) =>
      app.call('POST', '/api/user-register', { body: { ...registration('x'), ...body }, ip: freshIp() });

    const byEmail = await attempt({ email: 'DUPE@example.com' });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toEqual({
      error: true,
      message: 'This email already has an account. Sign in, or reset your password if you forgot it.',
      data: { code: 'email_in_use' },
    });
    expect(await notices()).toHaveLength(1);
    const [notice] = await notices();
    expect(notice!.subject).toBe('Someone tried to register at Property Marketplace with your details');
    expect(notice!.text).toContain('http://localhost:4321/login');
    expect(notice!.text).toContain('http://localhost:4321/forgot-password');

    // Trying again, by email or by mobile number, answers alike without filling the owner's mailbox.
    expect((await attempt({ email: 'dupe@example.com' })).body).toEqual(byEmail.body);
    const byMobile = await attempt({ email: 'someone-new@example.com', mobile: owner.mobile });
    expect(byMobile.status).toBe(409);
    expect(byMobile.body).toMatchObject({
      message: 'This phone number already has an account. Sign in, or reset your password if you forgot it.',
      data: { code: 'mobile_in_use' },
    });
    expect(await notices()).toHaveLength(1);
  });

  it("tells the owner of a mobile number someone tried to register with, at the account's email", async () => {
    const owner = await registerUser('mob');
    const res = await app.call('POST', '/api/user-register', {
      body: { ...registration('y'), mobile: owner.mobile },
      ip: freshIp(),
    });
    expect(res.body.data.code).toBe('mobile_in_use');
    expect((await app.outbox(owner.email)).at(-1)!.subject).toBe(
      'Someone tried to register at Property Marketplace with your details',
    );
  });

  it('ignores attempts to choose a role', async () => {
    const res = await app.call('POST', '/api/user-register', {
      body: { ...registration('sneaky'), type: 'admin', role: 'admin' },
      ip: freshIp(),
    });
    expect(res.body.data.type).toBe('user');
  });

  it('limits registrations per address with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await app.call('POST', '/api/user-register', { body: { name: '' }, ip })).status).toBe(422);
    }
    const limited = await app.call('POST', '/api/user-register', { body: registration('eleventh'), ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('user_signup with email and password', () => {
  it('signs in with the right password', async () => {
    const user = await registerUser('bob');
    const res = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: 'BOB@example.com', password: user.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, token: expect.any(String) });
    expect(res.body.data.token).not.toBe(user.token);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    await registerUser('carol');
    const wrong = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: 'carol@example.com', password: 'nope12' },
      ip: freshIp(),
    });
    const unknown = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: 'nobody@example.com', password: 'nope12' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Incorrect details. Check your email and password.');
  });

  it('refuses a deactivated account with the spec message, and its open sessions', async () => {
    const user = await registerUser('dora');
    await app.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: user.email, password: user.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your Account have been Deactivetd by Admin');
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).body.message).toBe(
      'Your Account have been Deactivetd by Admin',
    );
  });

  it('locks an account after 10 wrong passwords from one address, saying when to try again, and only there', async () => {
    const user = await registerUser('erin');
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await signIn(user.email, `guess${i}x`, ip)).status, `guess ${i + 1}`).toBe(401);
    // Even the right password waits out the lock at that address.
    const locked = await signIn(user.email, user.password, ip);
    expect(locked.status).toBe(429);
    // The lock runs 15 minutes from the first wrong password, a second or two before this answer.
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(880);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(locked.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    const arabic = await signIn(user.email, user.password, ip, { 'x-language': 'ar' });
    expect(arabic.body.message).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة.');
    // Someone guessing elsewhere does not lock the owner out.
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('lets no stranger lock an account by guessing from addresses of their own', async () => {
    const user = await registerUser('owen');
    for (const ip of [freshIp(), freshIp(), freshIp()])
      for (let i = 0; i < 11; i++) await signIn(user.email, `guess${i}x`, ip);
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('limits sign-ins from one address to SIGN_IN_LIMIT_PER_IP in 15 minutes (50 unless set)', async () => {
    const ip = '203.0.113.77';
    const attempt = (i: number) =>
      app.call('POST', '/api/user_signup', {
        body: { logintype: 'email', email: `nobody${i}@example.com`, password: 'not-a-password' },
        ip,
      });
    for (let i = 0; i < 50; i++) expect((await attempt(i)).status, `attempt ${i + 1}`).toBe(401);
    const limited = await attempt(50);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('explains an unknown login type', async () => {
    for (const body of [{ logintype: 'fax' }, { type: 2 }, {}]) {
      const res = await app.call('POST', '/api/user_signup', { body, ip: freshIp() });
      expect(res.status).toBe(422);
      expect(res.body.data.fields).toHaveProperty('logintype');
    }
  });

  it("takes the eBroker clients' numeric type when logintype is absent, and puts the token at the top too", async () => {
    const user = await registerUser('tia');
    const form = new FormData();
    for (const [key, value] of Object.entries({ type: '3', email: user.email, password: user.password }))
      form.set(key, value);
    const byEmail = await app.call('POST', '/api/user_signup', { body: form, ip: freshIp() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ error: false, data: { id: user.id, token: expect.any(String) } });
    expect(byEmail.body.token).toBe(byEmail.body.data.token);

    const ip = freshIp();
    await app.call('GET', '/api/get-otp?number=%2B15557770099', { ip });
    const code = /\b(\d{6})\b/.exec((await app.outbox('+15557770099')).at(-1)!.text)![1]!;
    const byPhone = await app.call('POST', '/api/user_signup', {
      body: { type: 1, mobile: '+15557770099', otp: code },
      ip,
    });
    expect(byPhone.body).toMatchObject({ data: { mobile: '+15557770099', logintype: 'phone' } });
    expect(byPhone.body.token).toBe(byPhone.body.data.token);

    // 0 is Google; this site has no Firebase project configured.
    const byGoogle = await app.call('POST', '/api/user_signup', { body: { type: '0', auth_id: 'x'.repeat(40) }, ip });
    expect(byGoogle.body.data.code).toBe('google_not_configured');
    // logintype, when sent, decides.
    const both = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', type: 0, email: user.email, password: user.password },
      ip: freshIp(),
    });
    expect(both.body.data.id).toBe(user.id);
  });
});

describe('one-time codes', () => {
  const codeFrom = async (to: string) => {
    const messages = await app.outbox(to);
    return /\b(\d{6})\b/.exec(messages.at(-1)!.text)![1]!;
  };

  it('sends a code by SMS and signs in with it, creating the account once', async () => {
    const ip = freshIp();
    const sent = await app.call('GET', '/api/get-otp?number=%2B15557770001', { ip });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: 'sms', resend_after_seconds: 60, expires_in_seconds: 600 });
    const code = await codeFrom('+15557770001');
    const res = await app.call('GET', `/api/verify-otp?number=%2B15557770001&otp=${code}`, { ip });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mobile: '+15557770001',
      logintype: 'phone',
      is_profile_complete: false,
      token: expect.any(String),
    });
    // Used once: the same code does not work again.
    expect((await app.call('GET', `/api/verify-otp?number=%2B15557770001&otp=${code}`, { ip })).status).toBe(401);
    // A second sign-in finds the same account.
    await app.call('GET', '/api/get-otp?number=%2B15557770001', { ip });
    const again = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'phone', mobile: '+15557770001', otp: await codeFrom('+15557770001') },
      ip,
    });
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it('sends a code by email, stored only as a hash', async () => {
    const ip = freshIp();
    await app.call('GET', '/api/get-otp?email=Otp.User%40example.com', { ip });
    const code = await codeFrom('otp.user@example.com');
    const rows = await app.database.db.query.otps.findMany();
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
    const res = await app.call('POST', '/api/verify-otp', { body: { email: 'otp.user@example.com', otp: code }, ip });
    expect(res.body.data.email).toBe('otp.user@example.com');
  });

  it('voids the old code when a new one is sent', async () => {
    const ip = freshIp();
    await app.call('GET', '/api/get-otp?number=%2B15557770002', { ip });
    const first = await codeFrom('+15557770002');
    await app.call('GET', '/api/get-otp?number=%2B15557770002', { ip });
    const second = await codeFrom('+15557770002');
    if (first !== second)
      expect((await app.call('GET', `/api/verify-otp?number=%2B15557770002&otp=${first}`, { ip })).status).toBe(401);
    expect((await app.call('GET', `/api/verify-otp?number=%2B15557770002&otp=${second}`, { ip })).status).toBe(200);
  });

  it('burns a code after five wrong tries', async () => {
    const ip = freshIp();
    await app.call('GET', '/api/get-otp?number=%2B15557770003', { ip });
    const code = await codeFrom('+15557770003');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await app.call('GET', `/api/verify-otp?number=%2B15557770003&otp=${wrong}`, { ip });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('The code is not correct or has expired.');
    }
    const fifth = await app.call('GET', `/api/verify-otp?number=%2B15557770003&otp=${wrong}`, { ip });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong codes. Ask for a new code.');
    expect((await app.call('GET', `/api/verify-otp?number=%2B15557770003&otp=${code}`, { ip })).status).toBe(401);
  });

  it('expires a code after 10 minutes', async () => {
    const { sendCode, verifyCode } = await import('../../src/server/services/otp-service.ts');
    const texts: string[] = [];
    const deps = { db: app.database.db, sms: { sendSms: async (m: { body: string }) => void texts.push(m.body) } };
    // A translator that prints the code, so the test can read it.
    const t = ((key: string, values?: { code?: string }) => values?.code ?? key) as never;
    const client = { ip: freshIp(), userAgent: null };
    const t0 = new Date(Date.now() - 60_000);
    await sendCode(deps as never, { number: '+15557770004' }, client, t, t0);
    const code = texts[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const justAfter = new Date(t0.getTime() + 10 * 60 * 1000 + 1);
    await expect(
      verifyCode(deps as never, { number: '+15557770004', otp: code }, client, justAfter),
    ).rejects.toMatchObject({ code: 'invalid_code' });
    const justBefore = new Date(t0.getTime() + 10 * 60 * 1000 - 1000);
    await expect(
      verifyCode(
        { ...deps, storage: new LocalFileStorage(app.storageDir) } as never,
        { number: '+15557770004', otp: code },
        client,
        justBefore,
      ),
    ).resolves.toMatchObject({
      mobile: '+15557770004',
    });
  });

  it('limits codes per number and per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await app.call('GET', '/api/get-otp?number=%2B15557770005', { ip })).status).toBe(200);
    const perNumber = await app.call('GET', '/api/get-otp?number=%2B15557770005', { ip: freshIp() });
    expect(perNumber.status).toBe(429);
    const busyIp = freshIp();
    let last;
    for (let i = 0; i < 11; i++)
      last = await app.call('GET', `/api/get-otp?number=%2B1555888${String(i).padStart(4, '0')}`, { ip: busyIp });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
  });

  it('answers alike for numbers with and without an account', async () => {
    await registerUser('known');
    const known = await app.call('GET', `/api/get-otp?email=known%40example.com`, { ip: freshIp() });
    const unknown = await app.call('GET', `/api/get-otp?email=stranger%40example.com`, { ip: freshIp() });
    expect(known.body).toEqual(unknown.body);
  });

  it('needs exactly one of number or email, and says so on both fields', async () => {
    const neither = await app.call('GET', '/api/get-otp', { ip: freshIp() });
    expect(neither.status).toBe(422);
    expect(neither.body.data.fields).toEqual({
      number: ['Enter a phone number or an email address.'],
      email: ['Enter a phone number or an email address.'],
    });
    for (const url of [
      '/api/get-otp?number=%2B15551234567&email=a%40b.co',
      '/api/verify-otp?number=%2B15551234567&email=a%40b.co&otp=123456',
    ]) {
      const both = await app.call('GET', url, { ip: freshIp() });
      expect(both.status, url).toBe(422);
      expect(both.body.data.fields, url).toEqual({
        number: ['Send a phone number or an email address, not both.'],
        email: ['Send a phone number or an email address, not both.'],
      });
    }
    // Each field is still checked for itself.
    const bad = await app.call('GET', '/api/get-otp?email=not-an-email', { ip: freshIp() });
    expect(bad.body.data.fields).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link; the reset changes the password and signs out every session', async () => {
    const user = await registerUser('frank');
    const second = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: user.email, password: user.password },
      ip: freshIp(),
    });
    const res = await app.call('GET', `/api/forgot-password?email=${encodeURIComponent(user.email)}`, {
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    const mail = (await app.outbox(user.email)).at(-1)!;
    expect(mail.subject).toContain('Reset');
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;

    const reset = await app.call('POST', '/api/reset-password', {
      body: { token, password: 'newpass1', re_password: 'newpass1' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(200);
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).status).toBe(401);
    expect((await app.call('GET', '/api/get-user-data', { token: second.body.data.token })).status).toBe(401);
    const oldPassword = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: user.email, password: user.password },
      ip: freshIp(),
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await app.call('POST', '/api/user_signup', {
      body: { logintype: 'email', email: user.email, password: 'newpass1' },
      ip: freshIp(),
    });
    expect(newPassword.status).toBe(200);
    const reused = await app.call('POST', '/api/reset-password', {
      body: { token, password: 'again12', re_password: 'again12' },
      ip: freshIp(),
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This reset link is invalid, used or expired. Ask for a new one.');
  });

  it('lifts the sign-in lock of the account, at every address, once the reset is done', async () => {
    const user = await registerUser('lena');
    const ips = [freshIp(), freshIp()];
    for (const ip of ips) {
      for (let i = 0; i < 10; i++) await signIn(user.email, `guess${i}x`, ip);
      expect((await signIn(user.email, user.password, ip)).status).toBe(429);
    }
    await app.call('GET', `/api/forgot-password?email=${encodeURIComponent(user.email)}`, { ip: ips[0] });
    const mail = (await app.outbox(user.email)).at(-1)!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const reset = await app.call('POST', '/api/reset-password', {
      body: { token, password: 'newpass1', re_password: 'newpass1' },
      ip: ips[0],
    });
    expect(reset.status).toBe(200);
    for (const ip of ips) expect((await signIn(user.email, 'newpass1', ip)).status).toBe(200);
  });

  it('tells whether a link still works, for the reset page to offer its form only then', async () => {
    const user = await registerUser('rita');
    await app.call('GET', `/api/forgot-password?email=${encodeURIComponent(user.email)}`, { ip: freshIp() });
    const mail = (await app.outbox(user.email)).at(-1)!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const deps = { db: app.database.db };
    expect(await resetLinkWorks(deps, token)).toBe(true);
    for (const madeUp of ['', 'garbage', 'x'.repeat(43), 'x'.repeat(500)])
      expect(await resetLinkWorks(deps, madeUp), madeUp).toBe(false);
    expect(await resetLinkWorks(deps, token, new Date(Date.now() + 2 * 60 * 60 * 1000)), 'expired').toBe(false);
    await app.call('POST', '/api/reset-password', {
      body: { token, password: 'newpass1', re_password: 'newpass1' },
      ip: freshIp(),
    });
    expect(await resetLinkWorks(deps, token), 'used').toBe(false);
  });

  it('answers alike for unknown emails and sends nothing', async () => {
    await registerUser('gina');
    const known = await app.call('GET', '/api/forgot-password?email=gina%40example.com', { ip: freshIp() });
    const unknown = await app.call('GET', '/api/forgot-password?email=ghost%40example.com', { ip: freshIp() });
    expect(unknown.body).toEqual(known.body);
    expect(await app.outbox('ghost@example.com')).toEqual([]);
  });

  it('refuses a forged token and a weak password', async () => {
    const res = await app.call('POST', '/api/reset-password', {
      body: { token: 'x'.repeat(43), password: 'newpass1', re_password: 'newpass1' },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    const weak = await app.call('POST', '/api/reset-password', {
      body: { token: 'x'.repeat(43), password: '123', re_password: '123' },
      ip: freshIp(),
    });
    expect(weak.status).toBe(422);
  });
});

describe('the site name in mail and SMS', () => {
  it('is the company name an admin set, in subjects, texts and the sender name', async () => {
    const user = await registerUser('nina');
    await setSetting(app.database.db, 'company_name', 'Casa QA Realty');
    try {
      expect(
        (await app.call('GET', `/api/forgot-password?email=${encodeURIComponent(user.email)}`, { ip: freshIp() }))
          .status,
      ).toBe(200);
      const reset = (await app.outbox(user.email)).at(-1)!;
      expect(reset.subject).toBe('Reset your Casa QA Realty password');
      expect(reset.fromName).toBe('Casa QA Realty');

      expect((await app.call('GET', '/api/get-otp?email=otp-nina%40example.com', { ip: freshIp() })).status).toBe(200);
      const code = (await app.outbox('otp-nina@example.com')).at(-1)!;
      expect(code.subject).toBe('Your Casa QA Realty sign-in code');
      expect(code.text).toMatch(/^Your Casa QA Realty code is \d{6}\./);
      expect(code.fromName).toBe('Casa QA Realty');

      expect((await app.call('GET', '/api/get-otp?number=%2B15557770099', { ip: freshIp() })).status).toBe(200);
      expect((await app.outbox('+15557770099')).at(-1)!.text).toMatch(/^Your Casa QA Realty code is \d{6}\./);
    } finally {
      await setSetting(app.database.db, 'company_name', 'Property Marketplace');
    }
  });

  it("falls back to the translated name while the company name is the seeded one, in the reader's language", async () => {
    const user = await registerUser('omar');
    const res = await app.call('GET', `/api/forgot-password?email=${encodeURIComponent(user.email)}`, {
      ip: freshIp(),
      headers: { 'accept-language': 'ar' },
    });
    expect(res.status).toBe(200);
    const mail = (await app.outbox(user.email)).at(-1)!;
    expect(mail.subject).toContain('سوق العقارات');
    expect(mail.fromName).toBe('سوق العقارات');
  });
});

describe('profile', () => {
  it('needs a signed-in caller', async () => {
    expect((await app.call('GET', '/api/get-user-data')).status).toBe(401);
    expect((await app.call('POST', '/api/update_profile', { body: { name: 'x' } })).status).toBe(401);
  });

  it('updates every field and a photo, and reports the profile complete', async () => {
    const user = await registerUser('hana');
    const form = new FormData();
    const fields = {
      name: 'Hana H',
      address: '5 Sea Road',
      city: 'Lisbon',
      state: 'Lisbon',
      country: 'Portugal',
      latitude: '38.7',
      longitude: '-9.1',
      about_me: 'Agent in Lisbon',
      facebook_id: 'https://www.facebook.com/hana.fb',
      twiiter_id: 'https://x.com/hana_tw',
      instagram_id: 'http://instagram.com/hana.ig',
      youtube_id: 'https://www.youtube.com/@hanayt',
      linkedin_id: 'https://www.linkedin.com/in/hana-li',
      notification: '0',
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('profile', new File([await png(200, 160)], 'me.png', { type: 'image/png' }));
    const res = await app.call('POST', '/api/update_profile', { body: form, token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Hana H',
      city: 'Lisbon',
      latitude: 38.7,
      twiiter_id: 'https://x.com/hana_tw',
      instagram_id: 'http://instagram.com/hana.ig',
      notification: 0,
      is_profile_complete: true,
    });
    expect(res.body.data.profile.variants.map((v: { format: string }) => v.format)).toContain('webp');
  });

  it('takes only web addresses for the social profiles, with a message on each other value', async () => {
    const user = await registerUser('sami');
    const saved = { twiiter_id: 'https://x.com/sami', youtube_id: 'https://www.youtube.com/@sami' };
    expect((await app.call('POST', '/api/update_profile', { token: user.token, body: saved })).status).toBe(200);
    const junk = {
      facebook_id: 'javascript:alert(1)',
      youtube_id: 'myChannel',
      instagram_id: 'ftp://instagram.com/sami',
      linkedin_id: 'https://localhost/sami',
      twiiter_id: 'https://x.com/sami2',
    };
    const refused = await app.call('POST', '/api/update_profile', { token: user.token, body: junk });
    expect(refused.status).toBe(422);
    const message = 'Enter a web address starting with http:// or https://.';
    expect(refused.body.data.fields).toEqual({
      facebook_id: [message],
      youtube_id: [message],
      instagram_id: [message],
      linkedin_id: [message],
    });
    // Nothing of a refused form is kept; a blank field clears its address.
    const cleared = await app.call('POST', '/api/update_profile', { token: user.token, body: { youtube_id: ' ' } });
    expect(cleared.body.data).toMatchObject({ twiiter_id: 'https://x.com/sami', youtube_id: null, facebook_id: null });
  });

  it('refuses photos that are too small or not really images', async () => {
    const user = await registerUser('ivan');
    const small = new FormData();
    small.set('profile', new File([await png(100, 300)], 'small.png', { type: 'image/png' }));
    const tooSmall = await app.call('POST', '/api/update_profile', { body: small, token: user.token });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.data.fields.profile).toEqual(['Photos must be at least 120 × 120 pixels.']);
    const fake = new FormData();
    fake.set('profile', new File(['<html><script>alert(1)</script></html>'], 'evil.png', { type: 'image/png' }));
    const notImage = await app.call('POST', '/api/update_profile', { body: fake, token: user.token });
    expect(notImage.status).toBe(422);
    expect(notImage.body.data.fields.profile).toEqual(['Photos must be JPEG or PNG.']);
    const webp = new FormData();
    webp.set(
      'profile',
      new File(
        [
          await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
            .webp()
            .toBuffer(),
        ],
        'x.jpg',
        { type: 'image/jpeg' },
      ),
    );
    expect((await app.call('POST', '/api/update_profile', { body: webp, token: user.token })).status).toBe(422);
  });

  it('changes only the caller, whatever ids the body names', async () => {
    const one = await registerUser('jo');
    const two = await registerUser('kim');
    const res = await app.call('POST', '/api/update_profile', {
      body: { name: 'Changed', userid: two.id, id: two.id },
      token: one.token,
    });
    expect(res.body.data.id).toBe(one.id);
    const other = await app.call('GET', '/api/get-user-data', { token: two.token });
    expect(other.body.data.name).toBe('Reg kim');
  });

  it("refuses another account's email", async () => {
    const one = await registerUser('lea');
    await registerUser('max');
    const res = await app.call('POST', '/api/update_profile', { body: { email: 'max@example.com' }, token: one.token });
    expect(res.status).toBe(422);
    expect(res.body.data.fields.email).toEqual(['This email is already used by another account.']);
  });
});

describe('sessions', () => {
  it("before-logout signs the session out and forgets the caller's push token, no one else's", async () => {
    const user = await registerUser('ned');
    const other = await registerUser('oli');
    const fcmOf = async (id: number) => (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!.fcmId;
    await app.call('POST', '/api/update_profile', { body: { fcm_id: 'device-token-1' }, token: user.token });
    await app.call('POST', '/api/update_profile', { body: { fcm_id: 'device-token-2' }, token: other.token });

    // Someone else's push token named: theirs stays, and the caller is signed out all the same.
    const stranger = await registerUser('ona');
    const named = await app.call('POST', '/api/before-logout', {
      body: { fcm_id: 'device-token-2' },
      token: stranger.token,
    });
    expect(named.body).toMatchObject({ error: false, message: 'You are signed out.' });
    expect(await fcmOf(other.id)).toBe('device-token-2');
    expect((await app.call('GET', '/api/get-user-data', { token: stranger.token })).status).toBe(401);

    const res = await app.call('POST', '/api/before-logout', { body: { fcm_id: 'device-token-1' }, token: user.token });
    expect(res.status).toBe(200);
    expect(await fcmOf(user.id)).toBeNull();
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).status).toBe(401);
    expect((await app.call('GET', '/api/get-user-data', { token: other.token })).status).toBe(200);
  });

  it('logout revokes the session', async () => {
    const user = await registerUser('nia');
    expect((await app.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).status).toBe(401);
  });

  it('refuses a session once it has expired', async () => {
    const user = await registerUser('ivy');
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).status).toBe(200);
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await app.call('GET', '/api/get-user-data', { token: user.token })).status).toBe(401);
  });

  it('delete_user deletes only the caller, and its data', async () => {
    const one = await registerUser('ola');
    const two = await registerUser('pia');
    const other = await app.call('POST', '/api/delete_user', { body: { userid: two.id }, token: one.token });
    expect(other.status).toBe(403);
    const own = await app.call('POST', '/api/delete_user', { body: { userid: one.id }, token: one.token });
    expect(own.status).toBe(200);
    expect(await app.database.db.select().from(users).where(eq(users.id, one.id))).toEqual([]);
    expect((await app.call('GET', '/api/get-user-data', { token: one.token })).status).toBe(401);
    expect((await app.call('GET', '/api/get-user-data', { token: two.token })).status).toBe(200);
  });

  it("delete_user takes the account's favourites out of other owners' like counts", async () => {
    const leaving = await registerUser('quinn');
    const staying = await registerUser('rosa');
    const { apartment } = await seedCatalog(app.database.db);
    const [liked, alsoLiked] = [
      await createProperty(app.database.db, { ownerId: staying.id, categoryId: apartment.id }),
      await createProperty(app.database.db, { ownerId: staying.id, categoryId: apartment.id }),
    ];
    const favourite = (who: { token: string }, id: number) =>
      app.call('POST', '/api/add_favourite', { body: { property_id: id, type: 1 }, token: who.token });
    expect((await favourite(leaving, liked.id)).body.data.total_likes).toBe(1);
    expect((await favourite(staying, liked.id)).body.data.total_likes).toBe(2);
    expect((await favourite(leaving, alsoLiked.id)).body.data.total_likes).toBe(1);
    const gone = await app.call('POST', '/api/delete_user', { body: { userid: leaving.id }, token: leaving.token });
    expect(gone.status).toBe(200);
    const likes = async (id: number) =>
      (await app.database.db.select({ n: properties.totalLikes }).from(properties).where(eq(properties.id, id)))[0]?.n;
    // Each count equals the favourite rows left: the staying user's one, and none.
    expect([await likes(liked.id), await likes(alsoLiked.id)]).toEqual([1, 0]);
    expect(await app.database.db.select().from(favourites).where(eq(favourites.propertyId, alsoLiked.id))).toEqual([]);
  });

  it('delete_user counts a favourite still being added when it starts (PostgreSQL: two connections)', async (ctx) => {
    if (app.database.kind !== 'postgres') return ctx.skip('one connection on PGlite: requests never overlap');
    const leaving = await registerUser('sam');
    const owner = await registerUser('tove');
    const [category] = await app.database.db.select().from(categories).limit(1);
    const listing = await createProperty(app.database.db, { ownerId: owner.id, categoryId: category!.id });
    let commit!: () => void;
    let added!: () => void;
    const favouriteAdded = new Promise<void>((resolve) => (added = resolve));
    // add_favourite's writes, held open until the deletion has started.
    const adding = app.database.db.transaction(async (tx) => {
      await tx.insert(favourites).values({ userId: leaving.id, propertyId: listing.id });
      await tx
        .update(properties)
        .set({ totalLikes: sql`${properties.totalLikes} + 1` })
        .where(eq(properties.id, listing.id));
      added();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await favouriteAdded;
    const deleting = app.call('POST', '/api/delete_user', { body: { userid: leaving.id }, token: leaving.token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await adding;
    expect((await deleting).status).toBe(200);
    const [row] = await app.database.db
      .select({ likes: properties.totalLikes })
      .from(properties)
      .where(eq(properties.id, listing.id));
    expect(row!.likes).toBe(0);
  });
});
