import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { otpChannel } from './enums.ts';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull(),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otps = pgTable(
  'otps',
  {
    id: id(),
    channel: otpChannel().notNull(),
    /** Normalised phone number or lower-cased email. */
    target: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    requestIp: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('otps_target_recent_idx').on(t.target, t.createdAt.desc()),
    index('otps_ip_recent_idx').on(t.requestIp, t.createdAt.desc()),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Who changed what in the admin console, with the row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    /**
     * What the subject was called when the change was made (a listing's title, a user's name and email), so the log
     * still names it after the subject is renamed or deleted.
     */
    entityLabel: text(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_recent_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/** Fixed-window counters for rate limits, shared by every app server through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
