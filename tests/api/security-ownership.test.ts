import { beforeAll, describe, expect, it } from 'vitest';
import {
  idParameters,
  openApiOperations,
  ownershipWorld,
  snapshot,
  type Operation,
  type OwnershipWorld,
} from '../support/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The ownership sweep: every documented call that takes an id is made by a second account with the first
 * account's things. The list of calls comes from /api/openapi.json, so a new call that takes an id fails this
 * file until it is given a target below or a reason to be public.
 */

/** Parameter names that never name someone's private thing, wherever they appear. */
const PUBLIC_NAMES: Record<string, string> = {
  category_id: 'a public catalog category',
  category_slug_id: 'a public catalog category',
  category_ids: 'public catalog categories (personalised feed choices)',
  parameter_id: 'a public catalog parameter',
  facility_id: 'a public catalog facility',
  outdoor_facilitiy_ids: 'public catalog facilities (personalised feed choices)',
  reason_id: 'a public report reason',
  package_id: 'a public package on sale',
  parameter_ids: 'public catalog parameters (a category being edited in the console)',
  ios_product_id: 'an app store product code, not a stored id',
  fcm_id: "the caller's own device token",
  auth_id: 'a Google ID token, not a stored id',
  facebook_id: "the caller's own social profile address",
  twiiter_id: "the caller's own social profile address",
  instagram_id: "the caller's own social profile address",
  youtube_id: "the caller's own social profile address",
  linkedin_id: "the caller's own social profile address",
};

/** Calls where an id of someone else's is the point: public things, or acting on them in your own name. */
const PUBLIC_CALLS: Record<string, string> = {
  'POST /api/user_signup id': '"ID token" in the prose: sign-in takes no stored id',
  'GET /api/get_articles id': 'articles are public',
  'GET /api/get_articles slug_id': 'articles are public',
  'GET /api/get-property-list userid': "any owner's public listings",
  'GET /api/get_property userid': "any owner's public listings",
  'GET /api/get-projects userid': "any owner's public projects",
  'GET /api/agent-properties slug_id': "an agent's public page",
  'POST /api/post_property slug_id': 'the slug the new listing asks for (a taken one gets a suffix)',
  'POST /api/update_post_property slug_id': 'the slug the listing asks for (a taken one gets a suffix)',
  'POST /api/post_project slug_id': 'the slug the project asks for (a taken one gets a suffix)',
  'POST /api/post_project ids': '"plan ids" of the project named by id, which is checked below',
  'POST /api/update_post_property ids': '"floor ids" of the listing named by id, which is checked below',
  'POST /api/add_favourite property_id': 'liking a public listing (your own favourite list)',
  'POST /api/interested_users property_id': 'showing interest in a public listing',
  'POST /api/add_reports property_id': 'reporting a public listing',
  'POST /api/send_message receiver_id': 'anyone may write to a listing owner (chat tests cover blocks and listings)',
  'POST /api/send_message property_id': 'the listing a conversation is about',
  'POST /api/chat/typing receiver_id': 'typing to someone you may write to',
  'POST /api/chat/typing property_id': 'the listing a conversation is about',
  'POST /api/block-user to_user_id': 'blocking someone is your own setting',
  'POST /api/unblock-user to_user_id': 'unblocking someone is your own setting',
  'POST /api/apply-agent-verification id': 'form_fields[i][id]: the public form fields',
  'GET /api/agent-verification-file field_id':
    'a public form field; user_id and request_id name whose file (checked below)',
};

type Expect = 'refused' | 'hidden' | 'ignored';
interface Target {
  /** The first account's thing this parameter is given. */
  value: (w: OwnershipWorld) => string | number | (string | number)[];
  /**
   * refused: 403 or 404. hidden: any 2xx-4xx reply that shows none of the first account's private things
   * (a public list that simply leaves them out). ignored: accepted, but nothing of theirs changes.
   */
  expect: Expect;
  /** Other fields the call needs to get as far as the ownership check. */
  with?: (w: OwnershipWorld) => Record<string, unknown>;
}

const listing = (expect: Expect = 'refused'): Target => ({ value: (w) => w.live.id, expect });
const TARGETS: Record<string, Target> = {
  'POST /api/delete_user userid': { value: (w) => w.owner.user.id, expect: 'refused' },
  'POST /api/update_post_property id': { ...listing(), with: () => ({ title: 'Taken over', price: 1 }) },
  'POST /api/update_property_status property_id': { ...listing(), with: () => ({ status: 'inactive' }) },
  'POST /api/change-property-status property_id': { ...listing(), with: () => ({ status: 'sold' }) },
  'POST /api/delete_property id': listing(),
  'GET /api/get_interested_users property_id': listing(),
  'GET /api/get_interested_users slug_id': { value: (w) => w.live.slug, expect: 'refused' },
  'GET /api/get-added-properties slug_id': { value: (w) => w.pending.slug, expect: 'hidden' },
  'GET /api/get_property id': { value: (w) => w.pending.id, expect: 'refused' },
  'GET /api/get_property slug_id': { value: (w) => w.pending.slug, expect: 'refused' },
  'GET /api/get-property-list id': { value: (w) => w.pending.id, expect: 'hidden' },
  'GET /api/get-property-list slug_id': { value: (w) => w.pending.slug, expect: 'hidden' },
  'GET /api/get-projects id': { value: (w) => w.project.id, expect: 'hidden' },
  'GET /api/get-projects slug_id': { value: (w) => w.project.slug, expect: 'hidden' },
  'GET /api/get-project-detail id': { value: (w) => w.project.id, expect: 'refused' },
  'GET /api/get-project-detail slug_id': { value: (w) => w.project.slug, expect: 'refused' },
  'GET /api/project-file/{project_id}/{name} project_id': {
    value: (w) => w.project.id,
    expect: 'refused',
    with: () => ({ name: 'doc-plan.pdf' }),
  },
  'POST /api/post_project id': { value: (w) => w.project.id, expect: 'refused', with: () => ({ title: 'Taken' }) },
  'POST /api/change-project-status project_id': {
    value: (w) => w.project.id,
    expect: 'refused',
    with: () => ({ status: 'inactive' }),
  },
  'POST /api/delete_project id': { value: (w) => w.project.id, expect: 'refused' },
  'GET /api/get-added-projects slug_id': { value: (w) => w.project.slug, expect: 'hidden' },
  'GET /api/agent-verification-file user_id': {
    value: (w) => w.owner.user.id,
    expect: 'refused',
    with: (w) => ({ field_id: w.field.id }),
  },
  'GET /api/agent-verification-file request_id': {
    value: (w) => w.verification.id,
    expect: 'refused',
    with: (w) => ({ field_id: w.field.id }),
  },
  // Your own conversation with them (empty), never theirs with someone else.
  'GET /api/get_messages user_id': { value: (w) => w.owner.user.id, expect: 'hidden' },
  'GET /api/get_messages receiver_id': { value: (w) => w.owner.user.id, expect: 'hidden' },
  'GET /api/get_messages property_id': {
    value: (w) => w.live.id,
    expect: 'hidden',
    with: (w) => ({ user_id: w.bystander.user.id }),
  },
  'POST /api/delete_chat_message message_id': { value: (w) => w.message.id, expect: 'refused' },
  'GET /api/chat/attachment/{message_id}/{kind} message_id': {
    value: (w) => w.message.id,
    expect: 'refused',
    with: () => ({ kind: 'file' }),
  },
  'POST /api/mark-notifications-read ids': { value: (w) => [w.notification.id], expect: 'ignored' },
  'POST /api/store_advertisement property_id': {
    ...listing(),
    with: () => ({ feature_for: 'property' }),
  },
  'POST /api/store_advertisement project_id': {
    value: (w) => w.project.id,
    expect: 'refused',
    with: () => ({ feature_for: 'project' }),
  },
  'POST /api/payment-transaction-fail payment_transaction_id': { value: (w) => w.payment.id, expect: 'refused' },
  'GET /api/payment-receipt payment_transaction_id': { value: (w) => w.payment.id, expect: 'refused' },
};
// The console: a signed-in account that is not an admin is turned away from every call about anyone's things.
const ADMIN_TARGETS: [RegExp, (w: OwnershipWorld) => number][] = [
  [/^\/api\/admin\/properties\/\{id\}/, (w) => w.pending.id],
  [/^\/api\/admin\/projects\/\{id\}/, (w) => w.project.id],
  [/^\/api\/admin\/featured-requests\/\{id\}/, (w) => w.advertisement.id],
  [/^\/api\/admin\/verification-requests\/\{id\}/, (w) => w.verification.id],
  [/^\/api\/admin\/reports\/\{id\}/, (w) => w.report.id],
  [/^\/api\/admin\/users\/\{id\}/, (w) => w.owner.user.id],
  [/^\/api\/admin\/payments\/\{id\}/, (w) => w.payment.id],
  // Catalog and content rows: the console's own, refused before any lookup.
  [/^\/api\/admin\/[a-z-]+\/\{id\}$/, (w) => w.category.id],
];

function targetFor(op: Operation, param: string): Target | undefined {
  const key = `${op.method} ${op.path} ${param}`;
  if (TARGETS[key]) return TARGETS[key];
  const admin = ADMIN_TARGETS.find(([pattern]) => pattern.test(op.path));
  if (admin && param === 'id') return { value: admin[1], expect: 'refused', with: () => ({ reason: 'Taken over' }) };
  return undefined;
}

let app: TestApp;
let w: OwnershipWorld;
let operations: Operation[];

beforeAll(async () => {
  app = await createTestApp();
  w = await ownershipWorld(app);
  operations = await openApiOperations(app);
});

/** Makes the call as the intruder: path parameters filled in, the rest in the query (GET) or a JSON body. */
async function callAs(token: string, op: Operation, fields: Record<string, unknown>) {
  const rest = { ...fields };
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  if (op.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    return app.call('GET', `${path}?${query}`, { token });
  }
  return app.call(op.method, path, { token, body: rest });
}

describe("another user's ids", () => {
  it('every id a call takes is either checked here or public by design', () => {
    const unplaced = operations.flatMap((op) =>
      idParameters(op)
        .filter((p) => !PUBLIC_NAMES[p] && !PUBLIC_CALLS[`${op.method} ${op.path} ${p}`] && !targetFor(op, p))
        .map((p) => `${op.method} ${op.path} ${p}`),
    );
    expect(unplaced).toEqual([]);
    // The sweep reaches a meaningful share of the API.
    expect(operations.filter((op) => idParameters(op).some((p) => targetFor(op, p))).length).toBeGreaterThan(35);
  });

  it("refuses the second account every call on the first account's things and changes nothing", async () => {
    const before = await snapshot(app.database.db);
    const problems: string[] = [];
    let calls = 0;
    for (const op of operations) {
      for (const param of idParameters(op)) {
        const target = targetFor(op, param);
        if (!target) continue;
        const res = await callAs(w.intruder.token, op, { ...target.with?.(w), [param]: target.value(w) });
        calls++;
        const what = `${op.method} ${op.path} ${param} -> ${res.status}`;
        const text = JSON.stringify(res.body);
        if (target.expect === 'refused' && res.status !== 403 && res.status !== 404) problems.push(what);
        if (res.status >= 500) problems.push(what);
        if (text.includes(w.marker)) problems.push(`${what} shows the owner's private things`);
        if (typeof res.body !== 'object' || typeof res.body?.error !== 'boolean') problems.push(`${what} no envelope`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(35);
    const after = await snapshot(app.database.db);
    for (const table of Object.keys(before)) expect(after[table], `table ${table} changed`).toBe(before[table]);
  });

  it('lets the owner make the same reads (the targets are real, not ids that do not exist)', async () => {
    for (const [path, query] of [
      ['/api/get_property', `id=${w.pending.id}`],
      ['/api/get-project-detail', `id=${w.project.id}`],
      ['/api/get_interested_users', `property_id=${w.live.id}`],
      ['/api/agent-verification-file', `field_id=${w.field.id}`],
      ['/api/agent-verification-file', `field_id=${w.field.id}&request_id=${w.verification.id}`],
      [`/api/chat/attachment/${w.message.id}/file`, ''],
    ] as const) {
      const res = await app.call('GET', `${path}?${query}`, { token: w.owner.token });
      expect(res.status, path).toBe(200);
    }
  });
});
