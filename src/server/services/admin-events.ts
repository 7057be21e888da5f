/**
 * What an admin decision means for the user it concerns. Moderation services return it with their result; they
 * send nothing themselves. This is the seam for notifications (a separate issue): the caller, or the service once
 * notifications land, turns each event into `notify(tx, event.userId, ...)` inside the same transaction.
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
}
