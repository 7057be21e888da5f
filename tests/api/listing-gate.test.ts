import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { setSetting } from '../support/admin.ts';
import { assertCanAddListing, listingGate } from '../../src/server/services/listing-gate-service.ts';
import { createUser } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

let phone = 0;
const complete = () => ({
  name: 'Full Person',
  mobile: `+1555000${String(++phone).padStart(4, '0')}`,
  address: '1 Road',
  profileImage: { key: 'k', width: 1, height: 1, variants: [] },
});
const actor = (user: { id: number; name: string; email: string | null }) => ({
  id: user.id,
  sessionId: 0,
  name: user.name,
  email: user.email,
  role: 'user' as const,
});

describe('adding a listing is gated (spec sections 5 and 8)', () => {
  it('blocks an incomplete profile with the Opps message', async () => {
    const user = await createUser(app.database.db, { address: null });
    expect(await listingGate(app.database.db, actor(user))).toBe('profile_incomplete');
    await expect(assertCanAddListing(app.database.db, actor(user))).rejects.toMatchObject({
      status: 403,
      code: 'profile_incomplete',
      message: 'gate.profile_incomplete',
    });
  });

  it('lets a complete profile with a package through while verification is not required', async () => {
    const user = await createUser(app.database.db, complete());
    await grantPackage(app.database.db, [user.id], { property_list: 5 });
    expect(await listingGate(app.database.db, actor(user))).toBeNull();
  });

  it('then asks for verification when the setting requires it, by status', async () => {
    await setSetting(app.database.db, 'verification_required_for_user', true);
    try {
      const user = await createUser(app.database.db, complete());
      await grantPackage(app.database.db, [user.id], { property_list: 5 });
      expect(await listingGate(app.database.db, actor(user))).toBe('verification_required');
      for (const [status, block] of [
        ['pending', 'verification_pending'],
        ['failed', 'verification_failed'],
        ['success', null],
      ] as const) {
        await app.database.db.update(users).set({ verificationStatus: status }).where(eq(users.id, user.id));
        expect(await listingGate(app.database.db, actor(user))).toBe(block);
      }
    } finally {
      await setSetting(app.database.db, 'verification_required_for_user', false);
    }
  });
});
