import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { countView, flushViews, unwrittenViews } from '../../src/server/services/view-counter.ts';
import { createProperty, seedCatalog } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Views are written together (src/server/services/view-counter.ts). The shutdown write must wait for a write that
 * is already under way, or the database would close under it. A transaction that locks the listing's row holds
 * the first write back for as long as the test wants: on PostgreSQL its row lock blocks the update, on PGlite its
 * transaction holds the one connection.
 */
let app: TestApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await flushViews(db());
});

const storedViews = async (id: number) =>
  (await db().select({ views: s.properties.totalViews }).from(s.properties).where(eq(s.properties.id, id)))[0]!.views;

describe('writing views together', () => {
  it('waits for a write under way before the last write, and loses no view', async () => {
    const catalog = await seedCatalog(db());
    const listing = await createProperty(db(), { ownerId: catalog.owner.id, categoryId: catalog.apartment.id });
    const before = await storedViews(listing.id);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select id from properties where id = ${listing.id} for update`);
      locked();
      await gate;
    });
    await lockTaken;

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      for (let i = 0; i < 3; i++) countView(db(), listing.id);
      const first = flushViews(db());
      await pause(50);
      expect(unwrittenViews(db(), listing.id)).toBe(0);
      // The shutdown's write, with nothing left to write: it still waits for the write under way, which would
      // otherwise find its database closed.
      let shutdownDone = false;
      const shutdown = flushViews(db()).then(() => (shutdownDone = true));
      await pause(200);
      expect(shutdownDone).toBe(false);
      // Views that arrive meanwhile are kept for the next write.
      for (let i = 0; i < 2; i++) countView(db(), listing.id);
      expect(unwrittenViews(db(), listing.id)).toBe(2);
      const last = flushViews(db());

      release();
      await holder;
      await Promise.all([first, shutdown, last]);
    } finally {
      release();
    }
    expect(unwrittenViews(db(), listing.id)).toBe(0);
    expect(await storedViews(listing.id)).toBe(before + 5);
  });
});
