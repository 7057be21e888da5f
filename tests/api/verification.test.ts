import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentVerificationFields,
  agentVerificationRequests,
  agentVerificationValues,
  users,
} from '../../src/server/db/schema/index.ts';
import { siteUrl } from '../../src/server/web/site.ts';
import { createSignedInUser } from '../support/factories.ts';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let fields: { name: number; licence: number; document: number; years: number; areas: number; deals: number };
let adminToken: string;
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  app = await createTestApp();
  const rows = await app.database.db
    .insert(agentVerificationFields)
    .values([
      { name: 'Full legal name', fieldType: 'text', isRequired: true, sortOrder: 0 },
      { name: 'Licence number', fieldType: 'text', isRequired: true, sortOrder: 1 },
      { name: 'Identity document', fieldType: 'file', isRequired: true, sortOrder: 2 },
      { name: 'Years', fieldType: 'dropdown', options: ['1-3', '3-5'], sortOrder: 3 },
      { name: 'Areas', fieldType: 'checkbox', options: ['Lisbon', 'Porto', 'Faro'], sortOrder: 4 },
      { name: 'Deals closed', fieldType: 'number', sortOrder: 5 },
      { name: 'Retired field', fieldType: 'text', isRequired: true, isActive: false, sortOrder: 6 },
    ])
    .returning();
  const [name, licence, document, years, areas, deals] = rows.map((r) => r.id) as number[];
  fields = { name: name!, licence: licence!, document: document!, years: years!, areas: areas!, deals: deals! };
  const signIn = await app.call('POST', '/api/user_signup', {
    body: { logintype: 'email', email: ADMIN.email, password: ADMIN.password },
  });
  adminToken = signIn.body.data.token;
});

function application(values: Record<number, string | string[] | File>) {
  const form = new FormData();
  Object.entries(values).forEach(([id, value], i) => {
    form.append(`form_fields[${i}][id]`, id);
    if (Array.isArray(value)) for (const v of value) form.append(`form_fields[${i}][value][]`, v);
    else form.append(`form_fields[${i}][value]`, value);
  });
  return form;
}
const complete = () => ({
  [fields.name]: 'Ana Maria Silva',
  [fields.licence]: 'AMI-12345',
  [fields.document]: new File([pdf], 'id.pdf', { type: 'application/pdf' }),
  [fields.years]: '3-5',
  [fields.areas]: ['Lisbon', 'Faro'],
  [fields.deals]: '42',
});
const apply = (token: string, form: FormData) =>
  app.call('POST', '/api/apply-agent-verification', { body: form, token });

describe('the agent verification form', () => {
  it('lists the active fields in order, to signed-in users', async () => {
    expect((await app.call('GET', '/api/get-agent-verification-form-fields')).status).toBe(401);
    const { token } = await createSignedInUser(app.database.db);
    const res = await app.call('GET', '/api/get-agent-verification-form-fields', { token });
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual([
      'Full legal name',
      'Licence number',
      'Identity document',
      'Years',
      'Areas',
      'Deals closed',
    ]);
    expect(res.body.data[3]).toMatchObject({ field_type: 'dropdown', options: ['1-3', '3-5'], is_required: false });
  });
});

describe('apply-agent-verification', () => {
  it('explains each missing or wrong answer and changes nothing', async () => {
    const { user, token } = await createSignedInUser(app.database.db);
    const res = await apply(
      token,
      application({
        [fields.name]: ' ',
        [fields.years]: '20+',
        [fields.areas]: ['Lisbon', 'Madrid'],
        [fields.deals]: 'many',
        [fields.document]: new File(['<html>not a pdf</html>'], 'id.pdf', { type: 'application/pdf' }),
        999999: 'x',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toMatchObject({
      [`form_fields.${fields.name}`]: [expect.any(String)],
      [`form_fields.${fields.licence}`]: [expect.any(String)],
      [`form_fields.${fields.years}`]: ['Choose one of the offered answers.'],
      [`form_fields.${fields.areas}`]: ['Choose one of the offered answers.'],
      [`form_fields.${fields.deals}`]: ['Enter a number.'],
      'form_fields.999999': ['This field is not part of the form.'],
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.verificationStatus).toBe('initial');
  });

  it('keys messages by the field’s id wherever it sits in the list, and a malformed entry by its place', async () => {
    const { token } = await createSignedInUser(app.database.db);
    const { [fields.deals]: _deals, [fields.name]: _name, ...rest } = complete();
    const form = application(rest);
    // Sent last, at places that are other fields' ids: the messages still name the fields by id.
    form.append('form_fields[7][id]', String(fields.deals));
    form.append('form_fields[7][value]', 'many');
    form.append('form_fields[8][id]', 'abc');
    form.append('form_fields[8][value]', 'x');
    form.append('form_fields[9][value]', 'an answer without a field');
    const res = await apply(token, form);
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      [`form_fields.${fields.name}`]: ['This field is required.'],
      [`form_fields.${fields.deals}`]: ['Enter a number.'],
      'form_fields.8.id': [expect.any(String)],
      'form_fields.9.id': ['This field is required.'],
    });
    const json = await app.call('POST', '/api/apply-agent-verification', {
      token,
      body: { form_fields: [{ id: fields.deals, value: 'many' }, { value: 'no id' }] },
    });
    expect(json.body.data.fields).toMatchObject({
      [`form_fields.${fields.deals}`]: ['Enter a number.'],
      'form_fields.1.id': ['This field is required.'],
    });
  });

  it('refuses a file that is not a PDF or an image, by its content', async () => {
    const { token } = await createSignedInUser(app.database.db);
    const res = await apply(
      token,
      application({ ...complete(), [fields.document]: new File(['plain text'], 'scan.pdf') }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual([`form_fields.${fields.document}`]);
  });

  it('puts a complete application under review, once, and shows the answers back', async () => {
    const { user, token } = await createSignedInUser(app.database.db);
    const res = await apply(token, application(complete()));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Your application has been sent. An admin will review it.' });
    const again = await apply(token, application(complete()));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your Verification is Under Review');
    expect(
      await app.database.db
        .select()
        .from(agentVerificationRequests)
        .where(eq(agentVerificationRequests.userId, user.id)),
    ).toHaveLength(1);

    const values = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    expect(values.body.data).toMatchObject({ status: 'pending', fail_reason: null });
    const byField = Object.fromEntries(
      values.body.data.values.map((v: { field_id: number; value: unknown }) => [v.field_id, v.value]),
    );
    expect(byField).toMatchObject({
      [fields.name]: 'Ana Maria Silva',
      [fields.areas]: ['Lisbon', 'Faro'],
      [fields.deals]: 42,
      [fields.document]: {
        name: 'id.pdf',
        url: siteUrl(`/api/agent-verification-file?field_id=${fields.document}&request_id=${res.body.data.request_id}`)
          .href,
      },
    });
  });

  it('keeps identity documents private: the owner and admins only', async () => {
    const owner = await createSignedInUser(app.database.db);
    await apply(owner.token, application(complete()));
    const own = await app.call('GET', `/api/agent-verification-file?field_id=${fields.document}`, {
      token: owner.token,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const other = await createSignedInUser(app.database.db);
    const url = `/api/agent-verification-file?field_id=${fields.document}&user_id=${owner.user.id}`;
    expect((await app.call('GET', url, { token: other.token })).status).toBe(404);
    expect((await app.call('GET', url, { token: adminToken })).status).toBe(200);
  });

  it('lets a failed applicant see the reason and apply again, keeping the uploaded file', async () => {
    const { user, token } = await createSignedInUser(app.database.db);
    await apply(token, application(complete()));
    await app.database.db.update(users).set({ verificationStatus: 'failed' }).where(eq(users.id, user.id));
    await app.database.db
      .update(agentVerificationRequests)
      .set({ status: 'failed', failReason: 'The licence number does not match.' })
      .where(eq(agentVerificationRequests.userId, user.id));
    const values = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    expect(values.body.data).toMatchObject({ status: 'failed', fail_reason: 'The licence number does not match.' });

    const withoutNewFile = complete() as Record<number, string | string[] | File>;
    delete withoutNewFile[fields.document];
    const res = await apply(token, application({ ...withoutNewFile, [fields.licence]: 'AMI-54321' }));
    expect(res.status).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.verificationStatus).toBe('pending');
  });

  it("keeps each application's own answers and files: a re-application never rewrites a judged one", async () => {
    const { user, token } = await createSignedInUser(app.database.db);
    const first = await apply(token, application({ ...complete(), [fields.licence]: 'LIC-12345' }));
    expect(first.status).toBe(200);
    const firstId: number = first.body.data.request_id;
    const failed = await app.call('POST', `/api/admin/verification-requests/${firstId}/fail`, {
      body: { reason: 'The licence number does not match.' },
      token: adminToken,
    });
    expect(failed.status).toBe(200);

    // The form starts from the failed application's answers.
    const prefill = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    const prefilled = Object.fromEntries(
      prefill.body.data.values.map((v: { field_id: number; value: unknown }) => [v.field_id, v.value]),
    );
    expect(prefilled[fields.licence]).toBe('LIC-12345');

    const second = await apply(
      token,
      application({
        ...complete(),
        [fields.licence]: 'LIC-999',
        [fields.document]: new File([pdf], 'new-id.pdf', { type: 'application/pdf' }),
      }),
    );
    expect(second.status).toBe(200);
    const secondId: number = second.body.data.request_id;
    expect(secondId).not.toBe(firstId);

    const answers = async (id: number) => {
      const res = await app.call('GET', `/api/admin/verification-requests/${id}`, { token: adminToken });
      expect(res.status).toBe(200);
      return Object.fromEntries(
        res.body.data.answers.map((a: { field_id: number; value: unknown; file: unknown }) => [
          a.field_id,
          a.file ?? a.value,
        ]),
      ) as Record<number, unknown>;
    };
    const judged = await answers(firstId);
    expect(judged[fields.licence]).toBe('LIC-12345');
    expect(judged[fields.document]).toMatchObject({ name: 'id.pdf' });
    const current = await answers(secondId);
    expect(current[fields.licence]).toBe('LIC-999');
    expect(current[fields.document]).toMatchObject({ name: 'new-id.pdf' });

    // Both files are still there, each under its own application; the applicant reads the latest answers.
    const firstFile = (judged[fields.document] as { url: string }).url;
    const secondFile = (current[fields.document] as { url: string }).url;
    expect(firstFile).toContain(`request_id=${firstId}`);
    for (const url of [firstFile, secondFile]) {
      expect((await app.call('GET', url, { token: adminToken })).status).toBe(200);
      expect((await app.call('GET', url, { token })).status).toBe(200);
    }
    const stranger = await createSignedInUser(app.database.db);
    expect((await app.call('GET', firstFile, { token: stranger.token })).status).toBe(404);
    const own = await app.call('GET', '/api/get-agent-verification-form-values', { token });
    const ownValues = Object.fromEntries(
      own.body.data.values.map((v: { field_id: number; value: unknown }) => [v.field_id, v.value]),
    );
    expect(ownValues[fields.licence]).toBe('LIC-999');
    const rows = await app.database.db
      .select({ id: agentVerificationValues.id })
      .from(agentVerificationValues)
      .innerJoin(agentVerificationRequests, eq(agentVerificationRequests.id, agentVerificationValues.requestId))
      .where(eq(agentVerificationRequests.userId, user.id));
    expect(rows).toHaveLength(12);
  });

  it('carries a file not uploaded again into the re-application, still shared by the failed one', async () => {
    const { token } = await createSignedInUser(app.database.db);
    const first = await apply(token, application(complete()));
    const firstId: number = first.body.data.request_id;
    await app.call('POST', `/api/admin/verification-requests/${firstId}/fail`, {
      body: { reason: 'Blurred scan.' },
      token: adminToken,
    });
    const withoutNewFile = complete() as Record<number, string | string[] | File>;
    delete withoutNewFile[fields.document];
    const second = await apply(token, application(withoutNewFile));
    expect(second.status).toBe(200);
    for (const id of [firstId, second.body.data.request_id]) {
      const url = `/api/agent-verification-file?field_id=${fields.document}&request_id=${id}`;
      const res = await app.call('GET', url, { token });
      expect(res.status).toBe(200);
      expect(res.body).toBe(new TextDecoder().decode(pdf));
    }
  });

  it('accepts an image as the document', async () => {
    const { token } = await createSignedInUser(app.database.db);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await apply(token, application({ ...complete(), [fields.document]: new File([png], 'id.png') }));
    expect(res.status).toBe(200);
  });
});
