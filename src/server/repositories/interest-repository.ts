import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { interestedUsers, users } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';

/** People who showed interest in a property, newest first, with the contact details its owner may use. */
export function listInterestedUsers(db: Executor, propertyId: number, page: { offset: number; limit: number }) {
  const where = eq(interestedUsers.propertyId, propertyId);
  return withTotal(
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        mobile: users.mobile,
        profileImage: users.profileImage,
        at: interestedUsers.createdAt,
      })
      .from(interestedUsers)
      .innerJoin(users, eq(users.id, interestedUsers.userId))
      .where(where)
      .orderBy(desc(interestedUsers.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(interestedUsers).where(where),
  );
}
