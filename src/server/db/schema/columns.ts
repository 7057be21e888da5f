import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());

/**
 * An admin-entered name in other languages, by language code ({"ar": "شقة"}); the row's own name is the default
 * language's and the fallback (docs/decisions/044).
 */
export const translatedNames = () => jsonb().$type<Record<string, string>>().notNull().default({});
