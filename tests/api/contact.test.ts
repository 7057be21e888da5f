import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema/index.ts';
import { startSession } from '../../src/server/services/session-service.ts';
import { setSetting } from '../support/admin.ts';
import { createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const good = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'Ana.Silva@Example.com',
  subject: 'Viewing on Saturday',
  message: 'Can I see the flat on Rua Augusta this Saturday morning?',
};
const send = (body: unknown, init: { ip?: string; token?: string } = {}) =>
  app.call('POST', '/api/contct_us', { body, ...init });

describe('contct_us', () => {
  it('stores the message and mails it to the company address', async () => {
    const res = await send(good, { ip: '198.51.100.10' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, message: 'Thank you. Your message has been sent.' });
    const [row] = await app.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.data.id));
    expect(row).toMatchObject({ firstName: 'Ana', lastName: 'Silva', subject: 'Viewing on Saturday', userId: null });
    expect(row!.email).toBe('ana.silva@example.com');
    const mail = (await app.outbox('hello@example.com')).at(-1);
    expect(mail?.subject).toBe('Contact form: Viewing on Saturday');
    expect(mail?.text).toContain('Ana Silva <ana.silva@example.com> wrote:');
    expect(mail?.text).toContain('Rua Augusta');
    expect(mail?.fromName).toBe('Property Marketplace');
  });

  it('comes from the company name an admin set', async () => {
    await setSetting(app.database.db, 'company_name', 'Casa QA Realty');
    try {
      expect((await send(good, { ip: '198.51.100.13' })).status).toBe(200);
      expect((await app.outbox('hello@example.com')).at(-1)?.fromName).toBe('Casa QA Realty');
    } finally {
      await setSetting(app.database.db, 'company_name', 'Property Marketplace');
    }
  });

  it('records who sent it when signed in', async () => {
    const user = await createUser(app.database.db);
    const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
    const res = await send(good, { token, ip: '198.51.100.11' });
    const [row] = await app.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.data.id));
    expect(row!.userId).toBe(user.id);
  });

  it("goes with the sender's account, while a message sent signed out stays", async () => {
    const user = await createUser(app.database.db);
    const { token } = await startSession(app.database.db, user.id, { userAgent: null, ip: null });
    const signedIn = await send(good, { token, ip: '198.51.100.21' });
    const signedOut = await send(good, { ip: '198.51.100.22' });
    const gone = await app.call('POST', '/api/delete_user', { body: { userid: user.id }, token });
    expect(gone.status).toBe(200);
    const ids = (await app.database.db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id);
    expect(ids).not.toContain(signedIn.body.data.id);
    expect(ids).toContain(signedOut.body.data.id);
  });

  it('explains each missing or bad field and stores nothing', async () => {
    const before = (await app.database.db.select().from(contactMessages)).length;
    const res = await send({ first_name: ' ', email: 'not-an-email', message: '' }, { ip: '198.51.100.12' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'message',
      'subject',
    ]);
    expect(res.body.data.fields.email[0]).toMatch(/email/i);
    const long = await send({ ...good, message: 'x'.repeat(5001) }, { ip: '198.51.100.12' });
    expect(long.status).toBe(422);
    expect(long.body.data.fields.message).toBeDefined();
    expect((await app.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('takes at most five messages an hour from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(good, { ip: '198.51.100.99' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send(good, { ip: '198.51.100.100' })).status).toBe(200);
  });
});
