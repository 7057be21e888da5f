import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { countListingsAwaitingReview } from '../repositories/admin-moderation-repository.ts';
import {
  countOpenReports,
  countPendingAdvertisements,
  countPendingVerificationRequests,
} from '../repositories/admin-queue-repository.ts';
import { countUsers } from '../repositories/admin-user-repository.ts';
import { assertAdmin } from './admin-access.ts';
import { isDemoMode } from './demo-mode.ts';

/** The console's front page: how much waits in each queue, how many users, and whether demo mode is on. */
export async function adminDashboard(db: Database, actor: SessionUser | null) {
  assertAdmin(actor);
  const [pendingProperties, pendingProjects, openReports, pendingVerifications, pendingFeatured, users, demoMode] =
    await Promise.all([
      countListingsAwaitingReview(db, 'property'),
      countListingsAwaitingReview(db, 'project'),
      countOpenReports(db),
      countPendingVerificationRequests(db),
      countPendingAdvertisements(db),
      countUsers(db),
      isDemoMode(db),
    ]);
  return {
    pending_properties: pendingProperties,
    pending_projects: pendingProjects,
    open_reports: openReports,
    pending_verifications: pendingVerifications,
    pending_featured: pendingFeatured,
    users,
    demo_mode: demoMode,
  };
}
export type AdminDashboard = Awaited<ReturnType<typeof adminDashboard>>;
