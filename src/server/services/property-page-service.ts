import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findPropertyAccess } from '../repositories/property-repository.ts';
import { reportProperty, setFavourite, setInterest } from './engagement-service.ts';

export const PROPERTY_PAGE_ACTIONS = [
  'favourite_added',
  'favourite_removed',
  'interest_added',
  'interest_removed',
  'reported',
] as const;
export type PropertyPageAction = (typeof PROPERTY_PAGE_ACTIONS)[number];

const actionSchema = z.object({ action: z.enum(['favourite', 'interest', 'report'], { error: 'errors.validation' }) });

/**
 * What the detail page's forms do: favourite, interest and report through the same services as the API, the
 * listing named by the page's slug (never by a posted id, so a form cannot act on another listing).
 */
export async function propertyPageAction(
  db: Database,
  actor: SessionUser,
  slug: string,
  fields: Record<string, string>,
): Promise<PropertyPageAction> {
  const { action } = actionSchema.parse(fields);
  const property = await findPropertyAccess(db, { slug });
  if (!property) throw AppError.notFound('listing.not_found');
  const adding = fields['type'] !== '0';
  switch (action) {
    case 'favourite':
      await setFavourite(db, actor, { property_id: property.id, type: adding ? '1' : '0' });
      return adding ? 'favourite_added' : 'favourite_removed';
    case 'interest':
      await setInterest(db, actor, { property_id: property.id, type: adding ? '1' : '0' });
      return adding ? 'interest_added' : 'interest_removed';
    case 'report':
      await reportProperty(db, actor, {
        property_id: property.id,
        reason_id: fields['reason_id'] || undefined,
        other_message: fields['other_message'] || undefined,
      });
      return 'reported';
  }
}
