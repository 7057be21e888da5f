import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  bigint,
  index,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { fieldType, propertyType, verificationStatus } from './enums.ts';
import { users } from './users.ts';

/** Fields admins define for the agent verification form. */
export const agentVerificationFields = pgTable('agent_verification_fields', {
  id: id(),
  name: text().notNull(),
  fieldType: fieldType().notNull(),
  options: jsonb().$type<string[]>().notNull().default([]),
  isRequired: boolean().notNull().default(false),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  createdAt: createdAt(),
});

/** One row per application; the user's current status is mirrored on users.verification_status. */
export const agentVerificationRequests = pgTable(
  'agent_verification_requests',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: verificationStatus().notNull().default('pending'),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    failReason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('agent_verification_requests_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * The answers of one application: each request keeps the answers (and files) it was judged on; a re-application
 * starts from the previous request's answers but is stored as its own rows.
 */
export const agentVerificationValues = pgTable(
  'agent_verification_values',
  {
    id: id(),
    requestId: integer()
      .notNull()
      .references(() => agentVerificationRequests.id, { onDelete: 'cascade' }),
    fieldId: integer()
      .notNull()
      .references(() => agentVerificationFields.id, { onDelete: 'cascade' }),
    value: jsonb().$type<unknown>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agent_verification_values_request_field_unique').on(t.requestId, t.fieldId)],
);

export const personalisedFields = pgTable(
  'personalised_fields',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryIds: jsonb().$type<number[]>().notNull().default([]),
    facilityIds: jsonb().$type<number[]>().notNull().default([]),
    priceMinMinor: bigint({ mode: 'number' }),
    priceMaxMinor: bigint({ mode: 'number' }),
    propertyType: propertyType(),
    city: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('personalised_fields_user_unique').on(t.userId)],
);
