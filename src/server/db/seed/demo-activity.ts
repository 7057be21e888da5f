import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import type { DocumentRecord } from '../schema/media-types.ts';
import type { Random } from './random.ts';

type PaymentRow = typeof s.paymentTransactions.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

export type DemoProperty = Pick<
  typeof s.properties.$inferSelect,
  'id' | 'categoryId' | 'ownerId' | 'adminStatus' | 'status' | 'featuredUntil' | 'createdAt'
>;
export type DemoPackage = Pick<typeof s.packages.$inferSelect, 'id' | 'name' | 'priceMinor' | 'durationDays'>;

export interface DemoActivityContext {
  now: Date;
  adminId: number | null;
  people: { id: number; type: 'user' | 'agent' | 'admin'; name: string; verificationStatus: string }[];
  properties: DemoProperty[];
  projects: { id: number; ownerId: number; adminStatus: 'pending' | 'approved' | 'rejected' }[];
  packages: DemoPackage[];
  verificationFields: { id: number; name: string }[];
  reportReasonIds: number[];
  categoryIds: number[];
  facilityIds: number[];
  idDocument: DocumentRecord;
  receipt: DocumentRecord;
}

/**
 * What people have done on the demo site, kept consistent with the listings: favourites (and total_likes counted
 * from them), interest, featured listings backed by advertisements, subscriptions with their payments,
 * verification applications matching each agent's status, reports, a chat, notifications and one personalised
 * feed. Every screen of the signed-in area then has something to show for the demo accounts.
 */
export async function seedDemoActivity(tx: Executor, random: Random, ctx: DemoActivityContext): Promise<void> {
  const { now } = ctx;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const between = (from: Date, to: Date) => new Date(from.getTime() + random.next() * (to.getTime() - from.getTime()));
  const approved = ctx.properties.filter((p) => p.adminStatus === 'approved');
  const peopleIds = ctx.people.map((p) => p.id);
  const agents = ctx.people.filter((p) => p.type === 'agent');
  const users = ctx.people.filter((p) => p.type === 'user');
  const notOwner = (property: DemoProperty) => peopleIds.filter((id) => id !== property.ownerId);

  // Favourites, skewed so a few listings are clearly "most liked"; featured ones draw more.
  const favouriteRows: (typeof s.favourites.$inferInsert)[] = [];
  const interestRows: (typeof s.interestedUsers.$inferInsert)[] = [];
  for (const property of approved) {
    const likes = Math.floor(random.next() ** 2 * 12) + (property.featuredUntil ? 3 : 0);
    for (const userId of random.sample(notOwner(property), likes))
      favouriteRows.push({ userId, propertyId: property.id, createdAt: between(property.createdAt, now) });
    if (random.chance(0.4))
      for (const userId of random.sample(notOwner(property), random.int(1, 3)))
        interestRows.push({ userId, propertyId: property.id, createdAt: between(property.createdAt, now) });
  }
  for (let i = 0; i < favouriteRows.length; i += 500)
    await tx.insert(s.favourites).values(favouriteRows.slice(i, i + 500));
  for (let i = 0; i < interestRows.length; i += 500)
    await tx.insert(s.interestedUsers).values(interestRows.slice(i, i + 500));
  // total_likes is a denormalised count of favourites; start it equal to the rows.
  await tx.execute(
    sql`update ${s.properties} set total_likes = (select count(*) from ${s.favourites} where ${s.favourites.propertyId} = ${s.properties.id})`,
  );

  // Featured listings are the approved advertisements; a few expired and one waiting for review as history.
  const adRows: (typeof s.advertisements.$inferInsert)[] = [];
  for (const property of approved) {
    if (property.featuredUntil) {
      const startsAt = new Date(Math.max(property.createdAt.getTime(), property.featuredUntil.getTime() - 30 * DAY_MS));
      adRows.push({
        userId: property.ownerId,
        propertyId: property.id,
        status: 'approved',
        startsAt,
        endsAt: property.featuredUntil,
        createdAt: startsAt,
      });
    }
  }
  for (const property of random.sample(
    approved.filter((p) => !p.featuredUntil),
    4,
  )) {
    const endsAt = between(property.createdAt, now);
    adRows.push({
      userId: property.ownerId,
      propertyId: property.id,
      status: 'expired',
      startsAt: new Date(endsAt.getTime() - 14 * DAY_MS),
      endsAt,
      createdAt: new Date(endsAt.getTime() - 14 * DAY_MS),
    });
  }
  const waiting = approved.find((p) => !p.featuredUntil && !adRows.some((a) => a.propertyId === p.id));
  if (waiting) adRows.push({ userId: waiting.ownerId, propertyId: waiting.id, status: 'pending', createdAt: ago(1) });
  for (const project of ctx.projects.filter((p) => p.adminStatus === 'approved').slice(0, 3))
    adRows.push({
      userId: project.ownerId,
      projectId: project.id,
      status: 'approved',
      startsAt: ago(5),
      endsAt: new Date(now.getTime() + 25 * DAY_MS),
      createdAt: ago(5),
    });
  if (adRows.length) await tx.insert(s.advertisements).values(adRows);

  // Subscriptions: every agent holds a paid package, two users a free or basic one, with their payments.
  const byName = new Map(ctx.packages.map((p) => [p.name, p]));
  const holders: { userId: number; pkg: DemoPackage }[] = [
    ...agents.map((agent, j) => ({ userId: agent.id, pkg: byName.get(['Basic', 'Pro', 'Premium'][j % 3]!)! })),
    ...users.slice(0, 2).map((user, j) => ({ userId: user.id, pkg: byName.get(j === 0 ? 'Free' : 'Basic')! })),
  ].filter((h) => h.pkg);
  const paymentRows: PaymentRow[] = [];
  const subscriptionRows: (typeof s.userPackages.$inferInsert)[] = [];
  holders.forEach(({ userId, pkg }, n) => {
    const startsAt = ago(random.int(1, Math.min(25, pkg.durationDays - 1)));
    subscriptionRows.push({
      userId,
      packageId: pkg.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + pkg.durationDays * DAY_MS),
      createdAt: startsAt,
    });
    const provider =
      pkg.priceMinor === 0 ? ('free' as const) : random.pick(['stripe', 'paypal', 'bank_transfer'] as const);
    paymentRows.push({
      userId,
      packageId: pkg.id,
      amountMinor: pkg.priceMinor,
      currency: 'USD',
      provider,
      providerReference: provider === 'free' || provider === 'bank_transfer' ? null : `demo_${provider}_${n + 1}`,
      status: 'succeeded',
      receipt: provider === 'bank_transfer' ? ctx.receipt : null,
      createdAt: startsAt,
    });
  });
  // Two Pro purchases that did not go through: a bank transfer waiting for review and a declined card.
  const pro = byName.get('Pro');
  if (pro) {
    const proPayment = (
      buyer: { id: number },
      rest: Omit<PaymentRow, 'userId' | 'packageId' | 'amountMinor' | 'currency'>,
    ) =>
      paymentRows.push({ userId: buyer.id, packageId: pro.id, amountMinor: pro.priceMinor, currency: 'USD', ...rest });
    if (users[2])
      proPayment(users[2], {
        provider: 'bank_transfer',
        status: 'review',
        receipt: ctx.receipt,
        createdAt: ago(1),
      });
    if (users[3])
      proPayment(users[3], {
        provider: 'stripe',
        providerReference: 'demo_stripe_declined',
        status: 'failed',
        failureReason: 'Your card was declined.',
        createdAt: ago(3),
      });
  }
  if (subscriptionRows.length) await tx.insert(s.userPackages).values(subscriptionRows);
  if (paymentRows.length) await tx.insert(s.paymentTransactions).values(paymentRows);

  // Verification applications match each person's status: verified, under review or failed.
  const field = (name: string) => ctx.verificationFields.find((f) => f.name === name)?.id;
  const experience = ['1-3', '3-5', '5-10', 'More than 10'];
  for (const person of ctx.people.filter((p) => ['success', 'pending', 'failed'].includes(p.verificationStatus))) {
    const status = person.verificationStatus as 'success' | 'pending' | 'failed';
    const appliedAt = ago(random.int(20, 200));
    const reviewed = status !== 'pending';
    const [request] = await tx
      .insert(s.agentVerificationRequests)
      .values({
        userId: person.id,
        status,
        reviewedBy: reviewed ? ctx.adminId : null,
        reviewedAt: reviewed ? new Date(appliedAt.getTime() + 2 * DAY_MS) : null,
        failReason:
          status === 'failed' ? 'The licence number could not be verified. Please check it and apply again.' : null,
        createdAt: appliedAt,
      })
      .returning({ id: s.agentVerificationRequests.id });
    const values: [number | undefined, unknown][] = [
      [field('Full legal name'), person.name],
      [field('Licence number'), `RE-${random.int(100000, 999999)}`],
      [field('Identity document'), ctx.idDocument],
      [field('Years of experience'), random.pick(experience)],
    ];
    const rows = values
      .filter((v): v is [number, unknown] => v[0] !== undefined)
      .map(([fieldId, value]) => ({ requestId: request!.id, fieldId, value }));
    if (rows.length) await tx.insert(s.agentVerificationValues).values(rows);
  }

  // The first demo user chats with an agent about one of their listings (below).
  const [buyer, writer] = users;
  const listing = approved.find((p) => agents.some((a) => a.id === p.ownerId));

  // Reports for the moderation queue: mostly open, one of each outcome, one with only a free-text reason. Visitors
  // report what they can see, so each is about a public listing; the actioned one's listing was then hidden as the
  // console hides it (hideReportedListing: rejected with the reason its owner reads). None is featured or the one
  // the chat is about, so hiding it leaves no running advertisement or conversation on a listing that is gone.
  const reportable = approved.filter((p) => p.status === 'active' && !p.featuredUntil && p.id !== listing?.id);
  const reportTargets = random.sample(reportable, Math.min(6, users.length));
  const ACTIONED = 4;
  if (ctx.reportReasonIds.length && reportTargets.length) {
    await tx.insert(s.reports).values(
      reportTargets.map((property, i) => ({
        userId: users[i]!.id === property.ownerId ? users[(i + 1) % users.length]!.id : users[i]!.id,
        propertyId: property.id,
        reasonId: i === 5 ? null : random.pick(ctx.reportReasonIds),
        otherMessage: i === 5 ? 'The phone number in the description does not work.' : null,
        status: i === 3 ? ('dismissed' as const) : i === ACTIONED ? ('actioned' as const) : ('open' as const),
        createdAt: ago(random.int(0, 10)),
      })),
    );
    const hidden = reportTargets[ACTIONED];
    if (hidden)
      await tx
        .update(s.properties)
        .set({ adminStatus: 'rejected', rejectReason: 'Reported', approvedAt: null })
        .where(eq(s.properties.id, hidden.id));
  }

  // A chat between the first demo user and an agent about one of the agent's listings, and a note to the admins.
  if (buyer && listing) {
    const lines: [boolean, string][] = [
      [true, 'Hello! Is this property still available?'],
      [false, 'Hi, yes it is. Would you like to arrange a viewing?'],
      [true, 'Yes please. Would Saturday morning work?'],
      [false, 'Saturday at 10:00 works. See you there!'],
    ];
    await tx.insert(s.messages).values(
      lines.map(([fromBuyer, body], i) => ({
        senderId: fromBuyer ? buyer.id : listing.ownerId,
        receiverId: fromBuyer ? listing.ownerId : buyer.id,
        propertyId: listing.id,
        body,
        readAt: i < lines.length - 1 ? ago(1) : null,
        createdAt: new Date(now.getTime() - (lines.length - i) * 60 * 60 * 1000),
      })),
    );
  }
  if (writer)
    await tx.insert(s.messages).values({
      senderId: writer.id,
      toAdmin: true,
      body: 'Hello, how long does the review of a new listing usually take?',
      createdAt: ago(2),
    });

  // Notifications: a welcome for everyone (older ones read) and approvals for the first agent's listings.
  const notificationRows: (typeof s.notifications.$inferInsert)[] = ctx.people.map((person, i) => ({
    userId: person.id,
    type: 'welcome',
    title: 'Welcome to the marketplace',
    body: 'Complete your profile to start posting properties.',
    readAt: i % 2 === 0 ? ago(20) : null,
    createdAt: ago(30),
  }));
  const firstAgent = agents[0];
  if (firstAgent)
    for (const property of approved.filter((p) => p.ownerId === firstAgent.id).slice(0, 3))
      notificationRows.push({
        userId: firstAgent.id,
        type: 'property_approved',
        title: 'Your property is live',
        body: 'An admin approved your listing; it now appears in search.',
        data: { propertyId: property.id },
        createdAt: property.createdAt,
      });
  await tx.insert(s.notifications).values(notificationRows);

  // One personalised feed, so recommendations have something to work from.
  if (buyer)
    await tx.insert(s.personalisedFields).values({
      userId: buyer.id,
      categoryIds: ctx.categoryIds.slice(0, 3),
      facilityIds: ctx.facilityIds.slice(0, 3),
      priceMinMinor: 100_000_00,
      priceMaxMinor: 900_000_00,
      propertyType: 'sell',
      city: 'Lisbon',
    });
}
