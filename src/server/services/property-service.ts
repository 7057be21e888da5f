import type { Database } from '../db/client.ts';
import type { ImageRecord } from '../db/schema/media-types.ts';
import { formatPrice } from '../../lib/money.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { listOwnedPropertyRows } from '../repositories/property-write-repository.ts';
import { listPublicProperties, type PublicPropertyFilter } from '../repositories/property-repository.ts';
import { getPublicSettings } from './settings-service.ts';

/** A listing as cards show it: everything formatted for display, nothing private. */
export interface PropertyCardData {
  id: number;
  slug: string;
  title: string;
  priceMinor: number;
  priceLabel: string;
  propertyType: 'sell' | 'rent';
  rentDuration: 'daily' | 'monthly' | 'quarterly' | 'yearly' | null;
  city: string;
  state: string;
  country: string;
  image: ImageRecord | null;
  isPremium: boolean;
  isFeatured: boolean;
  category: { name: string; slug: string } | null;
}

export async function browseProperties(
  db: Database,
  filter: PublicPropertyFilter,
  page: { offset: number; limit: number },
  now = new Date(),
): Promise<{ total: number; items: PropertyCardData[] }> {
  const [settings, { rows, total }] = await Promise.all([
    getPublicSettings(db),
    listPublicProperties(db, filter, page),
  ]);
  const priceSettings = {
    currencySymbol: settings.currency_symbol,
    currencyCode: settings.currency_code,
    numberWithSuffix: settings.number_with_suffix,
  };
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      priceMinor: row.priceMinor,
      priceLabel: formatPrice(row.priceMinor, priceSettings),
      propertyType: row.propertyType,
      rentDuration: row.propertyType === 'rent' ? row.rentDuration : null,
      city: row.city,
      state: row.state,
      country: row.country,
      image: row.titleImage,
      isPremium: row.isPremium,
      isFeatured: row.featuredUntil !== null && row.featuredUntil > now,
      category: row.categoryName && row.categorySlug ? { name: row.categoryName, slug: row.categorySlug } : null,
    })),
  };
}

/** The owner's own listings with their review state, whatever it is (newest 100; the API pages further). */
export async function myProperties(db: Database, actor: SessionUser) {
  return (await listOwnedPropertyRows(db, actor.id, { offset: 0, limit: 100 })).rows;
}
