import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';

type Feature = (typeof s.packageFeatures.$inferInsert)['feature'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A package with the given features (null limit: unlimited) and, for each user id given, a running subscription. */
export async function grantPackage(
  db: Database,
  userIds: number[],
  features: Partial<Record<Feature, number | null>>,
  options: { priceMinor?: number; startsAt?: Date; endsAt?: Date; name?: string } = {},
) {
  const [pkg] = await db
    .insert(s.packages)
    .values({
      name: options.name ?? `Test package ${Math.random().toString(36).slice(2, 8)}`,
      priceMinor: options.priceMinor ?? 1000,
      durationDays: 30,
    })
    .returning();
  const entries = Object.entries(features) as [Feature, number | null][];
  if (entries.length)
    await db
      .insert(s.packageFeatures)
      .values(entries.map(([feature, limit]) => ({ packageId: pkg!.id, feature, limit })));
  const subscriptions = [];
  for (const userId of userIds) {
    const [row] = await db
      .insert(s.userPackages)
      .values({
        userId,
        packageId: pkg!.id,
        startsAt: options.startsAt ?? new Date(Date.now() - DAY_MS),
        endsAt: options.endsAt ?? new Date(Date.now() + 30 * DAY_MS),
      })
      .returning();
    subscriptions.push(row!);
  }
  return { package: pkg!, subscriptions };
}
