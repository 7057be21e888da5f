import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';
import { createAdvertisement, createReport, createVerificationRequest } from './admin.ts';
import { PDF_BYTES, messageForm } from './chat.ts';
import { createProject, createProperty, createSignedInUser, imageRecord, seedCatalog } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** Calls that end the caller's own session: route-wide tests give them accounts of their own. */
export const SESSION_ENDING = new Set(['/api/logout', '/api/before-logout', '/api/delete_user']);

export type Operation = {
  method: string;
  path: string;
  summary: string;
  description: string;
  params: string[];
  /** The query parameters documented as text. */
  textQuery: string[];
};

type Parameter = { name: string; in: string; schema?: { type?: string | string[] } };

/** The documented calls, with the query and path parameters they declare. */
export async function openApiOperations(app: TestApp): Promise<Operation[]> {
  const doc = (await app.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { summary?: string; description?: string; parameters?: Parameter[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      summary: op.summary ?? '',
      description: op.description ?? '',
      params: (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path').map((p) => p.name),
      textQuery: (op.parameters ?? [])
        .filter((p) => p.in === 'query' && [p.schema?.type].flat().includes('string'))
        .map((p) => p.name),
    })),
  );
}

const ID_NAME = /^(?:\w+_)?(?:id|ids)$|^userid$/i;

/**
 * The parameters of a call that name a stored thing: declared query and path parameters ending in id, and for
 * writes (whose bodies OpenAPI describes in prose) the id-like words of the summary and description.
 */
export function idParameters(op: Operation): string[] {
  const names = new Set(op.params.filter((p) => ID_NAME.test(p)));
  if (op.method !== 'GET')
    for (const word of `${op.summary} ${op.description}`.toLowerCase().match(/[a-z_]+/g) ?? [])
      if (ID_NAME.test(word)) names.add(word);
  return [...names];
}

/**
 * Two accounts and everything the first one owns: a listing waiting for review and a live one, a project in
 * review, a conversation with a file, notifications, a verification application with a file, a featured
 * request, a report against them, a push subscription and a personalised feed. `marker` is written into every
 * private text so a reply that leaks any of it is easy to spot. `bystander` is a third account whose contact
 * details no one else is ever shown (they own nothing public).
 */
export async function ownershipWorld(app: TestApp) {
  const db = app.database.db;
  const { apartment } = await seedCatalog(db);
  const marker = `PRIVATE${Math.random().toString(36).slice(2, 10)}`;
  const owner = await createSignedInUser(db, { mobile: '+351912000001', notificationsEnabled: true });
  // A complete profile, so calls that need one get as far as the ownership check.
  const intruder = await createSignedInUser(db, {
    mobile: '+351912000002',
    address: 'Rua Augusta 1, Lisbon',
    profileImage: imageRecord(),
  });
  const bystander = await createSignedInUser(db, { mobile: '+351912000003' });
  const live = await createProperty(db, { ownerId: owner.user.id, categoryId: apartment.id });
  const pending = await createProperty(db, {
    ownerId: owner.user.id,
    categoryId: apartment.id,
    adminStatus: 'pending',
    title: `Pending ${marker}`,
    description: `Not public ${marker}`,
  });
  const project = await createProject(db, {
    ownerId: owner.user.id,
    categoryId: apartment.id,
    adminStatus: 'pending',
    title: `Project ${marker}`,
  });

  // The bystander writes to the owner about the live listing, with a file; the owner answers.
  const first = await app.call('POST', '/api/send_message', {
    token: bystander.token,
    body: messageForm(
      { receiver_id: owner.user.id, property_id: live.id, message: `Hello ${marker}` },
      { file: [PDF_BYTES, 'plan.pdf', 'application/pdf'] },
    ),
  });
  if (first.status !== 200) throw new Error(`message failed: ${JSON.stringify(first.body)}`);
  await app.call('POST', '/api/send_message', {
    token: owner.token,
    body: { receiver_id: bystander.user.id, property_id: live.id, message: `Reply ${marker}` },
  });
  await app.call('POST', '/api/interested_users', { token: bystander.token, body: { property_id: live.id, type: 1 } });
  await app.call('POST', '/api/add_favourite', { token: bystander.token, body: { property_id: live.id, type: 1 } });
  await app.call('POST', '/api/add_favourite', { token: owner.token, body: { property_id: live.id, type: 1 } });
  await app.call('POST', '/api/personalised-fields', {
    token: owner.token,
    body: { category_ids: String(apartment.id), city: 'Lisbon' },
  });
  await app.call('POST', '/api/push/subscribe', {
    token: owner.token,
    body: { endpoint: 'https://push.example.com/owner', keys: { p256dh: 'x'.repeat(87), auth: 'y'.repeat(22) } },
  });
  const [notification] = await db
    .select()
    .from(s.notifications)
    .where(sql`${s.notifications.userId} = ${owner.user.id}`);
  if (!notification) throw new Error('the owner was not notified of the message');
  const [message] = await db
    .select()
    .from(s.messages)
    .where(sql`${s.messages.senderId} = ${bystander.user.id}`);

  // A verification application with an uploaded file.
  const [field] = await db
    .insert(s.agentVerificationFields)
    .values({ name: 'Identity document', fieldType: 'file' })
    .returning();
  const key = `private/verification/${owner.user.id}/id.pdf`;
  await new LocalFileStorage(app.storageDir).put(key, PDF_BYTES);
  const verification = await createVerificationRequest(db, owner.user.id);
  await db.insert(s.agentVerificationValues).values({
    requestId: verification.id,
    fieldId: field!.id,
    value: { key, name: `id-${marker}.pdf`, contentType: 'application/pdf' },
  });
  const advertisement = await createAdvertisement(db, { userId: owner.user.id, propertyId: live.id });
  const report = await createReport(db, { userId: bystander.user.id, propertyId: live.id });
  // A payment still waiting, with an uploaded bank-transfer receipt.
  const [pack] = await db
    .insert(s.packages)
    .values({ name: `Pro ${marker}`, priceMinor: 4900, durationDays: 30 })
    .returning();
  const [payment] = await db
    .insert(s.paymentTransactions)
    .values({
      userId: owner.user.id,
      packageId: pack!.id,
      amountMinor: 4900,
      currency: 'USD',
      provider: 'bank_transfer',
      status: 'review',
      receipt: { key, name: `receipt-${marker}.pdf`, contentType: 'application/pdf', size: PDF_BYTES.length },
    })
    .returning();

  return {
    marker,
    owner,
    intruder,
    bystander,
    category: apartment,
    live,
    pending,
    project,
    message: message!,
    notification: notification!,
    field: field!,
    verification,
    advertisement,
    report,
    payment: payment!,
  };
}
export type OwnershipWorld = Awaited<ReturnType<typeof ownershipWorld>>;

// Tables that change on every call by design: request counters, and the last-seen time of the caller's session.
const VOLATILE = new Set(['rate_limits', 'sessions', '__drizzle_migrations']);

/** Every row of every table (but the volatile ones), as text: two equal snapshots mean nothing was written. */
export async function snapshot(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
    if (VOLATILE.has(table_name)) continue;
    const rows = await db.execute(sql.raw(`select * from "${table_name}" order by 1`));
    out[table_name] = JSON.stringify(rowsOf(rows));
  }
  return out;
}

/** PGlite and node-postgres both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
