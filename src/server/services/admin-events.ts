import type { Executor } from '../db/client.ts';
import { urls } from '../../lib/urls.ts';
import { notify } from './notification-service.ts';

/**
 * What an admin decision means for the user it concerns. Moderation services return it with their result and
 * tell the user through `notifyAdminEvent` in the transaction that makes the decision.
 */
export interface AdminEvent {
  type:
    | 'property_approved'
    | 'property_rejected'
    | 'project_approved'
    | 'project_rejected'
    | 'listing_hidden'
    | 'advertisement_approved'
    | 'advertisement_rejected'
    | 'verification_approved'
    | 'verification_failed';
  /** Who should hear about it. */
  userId: number;
  entity: 'property' | 'project' | 'advertisement' | 'verification_request';
  entityId: number;
  /** The reason given to the user (rejections, failed verifications, hidden listings). */
  reason?: string | null;
  /** What it is about, as the user named it (a listing's title); empty for verification. */
  subject: string;
  /** The page on this site where the user sees the outcome. */
  url: string;
}

/**
 * Stores the user's notification (and so its live delivery and Web Push) with the decision: the title is a
 * translation key per event type, the reason (when there is one) its body.
 */
export async function notifyAdminEvent(tx: Executor, event: AdminEvent): Promise<void> {
  await notify(tx, event.userId, {
    type: event.type,
    title: `admin_events.${event.type}`,
    body: event.reason ? 'admin_events.reason' : '',
    data: {
      url: event.url,
      entity: event.entity,
      entity_id: event.entityId,
      params: { subject: event.subject, reason: event.reason ?? '' },
    },
  });
}

/** Where an owner sees the review state of their listing. */
export const ownerListingUrl = (kind: 'property' | 'project', slug: string) =>
  kind === 'property' ? urls.myProperty(slug) : urls.myProjects();
