import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties, propertyTally } from '../db/schema/index.ts';
import { publicListing } from './property-repository.ts';

/**
 * What a forgiving search compares a visitor's words with: the cities public listings are in (property_tally's
 * city keys, docs/decisions/027; folded, migration 0028) and the words of the newest listings' documents.
 */

/** Which of these folded names are the key of a city with public listings (primary key lookups). */
export async function citiesNamed(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: propertyTally.key })
    .from(propertyTally)
    .where(
      and(eq(propertyTally.dimension, 'city'), inArray(propertyTally.key, [...keys]), gt(propertyTally.listings, 0)),
    );
  return rows.map((row) => row.key);
}

/** The keys of the cities with the most public listings, busiest first. */
export async function busiestCityKeys(db: Executor, limit: number) {
  const rows = await db
    .select({ key: propertyTally.key })
    .from(propertyTally)
    .where(and(eq(propertyTally.dimension, 'city'), gt(propertyTally.listings, 0)))
    .orderBy(desc(propertyTally.listings))
    .limit(limit);
  return rows.map((row) => row.key);
}

/** A city key as a public listing spells it, with that listing's state (properties_public_city_newest_idx). */
export async function cityOfKey(db: Executor, key: string) {
  const [row] = await db
    .select({ city: properties.city, state: properties.state })
    .from(properties)
    .where(and(publicListing, eq(properties.cityKey, key)))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(1);
  return row ?? null;
}

/**
 * The words of the newest `listings` public listings' search documents, the commonest first: a small dictionary to
 * correct a misspelt word against. The documents are read newest first from property_search's date index.
 */
export async function commonWords(db: Executor, listings: number, words: number) {
  const documents = `select search from property_search order by created_at desc, property_id desc limit ${Math.trunc(listings)}`;
  const rows = await db
    .select({ word: sql<string>`word` })
    .from(sql`ts_stat(${documents}) as stat`)
    .orderBy(sql`ndoc desc`, sql`word`)
    .limit(words);
  return rows.map((row) => row.word);
}
