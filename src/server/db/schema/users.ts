import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { loginType, userRole, verificationStatus } from './enums.ts';
import type { ImageRecord } from './media-types.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    /** Stored lower-cased; null for phone-only accounts. */
    email: text(),
    mobile: text(),
    passwordHash: text(),
    type: userRole().notNull().default('user'),
    logintype: loginType().notNull().default('email'),
    authId: text(),
    /** The spec's `profile`: the user's photo. */
    profileImage: jsonb().$type<ImageRecord>(),
    address: text(),
    city: text(),
    state: text(),
    country: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    aboutMe: text(),
    facebookId: text(),
    twitterId: text(),
    instagramId: text(),
    youtubeId: text(),
    linkedinId: text(),
    notificationsEnabled: boolean().notNull().default(true),
    fcmId: text(),
    isActive: boolean().notNull().default(true),
    verificationStatus: verificationStatus().notNull().default('initial'),
    slug: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_mobile_unique').on(t.mobile),
    uniqueIndex('users_slug_unique').on(t.slug),
    uniqueIndex('users_auth_id_unique')
      .on(t.logintype, t.authId)
      .where(sql`${t.authId} is not null`),
    index('users_type_idx').on(t.type),
    // Emails compare case-insensitively because they are stored lower-cased; this keeps every writer honest.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
