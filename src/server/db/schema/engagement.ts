import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, translatedNames } from './columns.ts';
import { reportStatus } from './enums.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_property_unique').on(t.userId, t.propertyId),
    index('favourites_property_idx').on(t.propertyId),
  ],
);

export const interestedUsers = pgTable(
  'interested_users',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('interested_user_property_unique').on(t.userId, t.propertyId),
    index('interested_property_idx').on(t.propertyId),
  ],
);

export const reportReasons = pgTable('report_reasons', {
  id: id(),
  reason: text().notNull(),
  names: translatedNames(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const reports = pgTable(
  'reports',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reasonId: integer().references(() => reportReasons.id, { onDelete: 'set null' }),
    otherMessage: text(),
    status: reportStatus().notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    uniqueIndex('reports_user_property_unique').on(t.userId, t.propertyId),
    index('reports_property_idx').on(t.propertyId),
  ],
);
