import { z } from '@hono/zod-openapi';
import { adminDashboard } from '../../services/admin-dashboard-service.ts';
import {
  adQuerySchema,
  approveAdSchema,
  approveFeaturedRequest,
  listFeaturedRequests,
  rejectFeaturedRequest,
} from '../../services/admin-featured-service.ts';
import {
  approveListing,
  getListingForReview,
  listForReview,
  reasonSchema,
  rejectListing,
  reviewQuerySchema,
  type ListingKind,
} from '../../services/admin-moderation-service.ts';
import {
  dismissReport,
  hideReportedListing,
  hideSchema,
  listReportQueue,
  reportQuerySchema,
} from '../../services/admin-report-service.ts';
import {
  approveVerification,
  failVerification,
  getVerificationRequest,
  listVerificationQueue,
  verificationQuerySchema,
} from '../../services/admin-verification-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { listingPage, page } from '../../../features/common/contract.ts';
import { adminList, adminRoute, adminRowRead, adminRowWrite, loose } from './admin-route.ts';

// The services' own query schemas: an unknown state or a malformed number is a 422 with a message on its field.
const reviewQuery = reviewQuerySchema.extend({
  search: reviewQuerySchema.shape.search.meta({ description: 'Part of the title or slug, or the id' }),
});
const decision = loose('AdminDecision');
const reasonBody = 'Body (JSON or form): reason (required, at most 500 characters), shown to the owner.';

/** The review of one kind of listing: its queue, one listing as its owner sees it, approval and rejection. */
function listingReviewRoutes(kind: ListingKind, plural: 'properties' | 'projects') {
  const calls = {
    list: adminList(
      `/admin/${plural}`,
      `${kind === 'property' ? 'Properties' : 'Projects'} for review (pending by default, oldest first)`,
      reviewQuery,
      listingPage(loose('AdminReviewRow')),
      'Listings',
    ),
    get: adminRowRead(
      `/admin/${plural}/{id}`,
      `One ${kind} as its owner sees it, with the owner`,
      loose('AdminListingReview'),
      'Listing',
    ),
    approve: adminRowWrite(
      `/admin/${plural}/{id}/approve`,
      `Approve a ${kind} (admin_status approved)`,
      decision,
      'Approved',
    ),
    reject: adminRowWrite(`/admin/${plural}/{id}/reject`, `Reject a ${kind} with a reason`, decision, 'Rejected', {
      description: reasonBody,
      body: requestBody(reasonSchema),
    }),
  };
  return newRouter()
    .openapi(calls.list, async (c) => ok(c, await listForReview(c.var.db, c.var.user, kind, c.req.valid('query'))))
    .openapi(calls.get, async (c) => ok(c, await getListingForReview(c.var, c.var.user, kind, c.req.valid('param').id)))
    .openapi(calls.approve, async (c) =>
      ok(c, await approveListing(c.var.db, c.var.user, kind, c.req.valid('param').id), 'admin.notice.approved'),
    )
    .openapi(calls.reject, async (c) => {
      const { fields } = await readBody(c);
      const result = await rejectListing(c.var.db, c.var.user, kind, c.req.valid('param').id, fields);
      return ok(c, result, 'admin.notice.rejected');
    });
}

const routes = {
  dashboard: adminRoute({
    method: 'get',
    path: '/admin/dashboard',
    summary: 'What waits in each queue, the number of users, and whether demo mode is on',
    responses: replies(
      z.object({
        pending_properties: z.number(),
        pending_projects: z.number(),
        open_reports: z.number(),
        pending_verifications: z.number(),
        pending_featured: z.number(),
        users: z.number(),
        demo_mode: z.boolean(),
      }),
      'Counts',
    ),
  }),
  featured: adminList(
    '/admin/featured-requests',
    'Requests to feature a property or project (pending by default)',
    adQuerySchema,
    page(loose('AdminFeaturedRequest')),
    'Requests',
  ),
  featuredApprove: adminRowWrite(
    '/admin/featured-requests/{id}/approve',
    'Approve a featured-ad request: it runs from now; a property is featured until it ends',
    decision,
    'Approved',
    { description: 'Body (JSON or form, optional): days (1 to 365, default 30).', body: requestBody(approveAdSchema) },
  ),
  featuredReject: adminRowWrite(
    '/admin/featured-requests/{id}/reject',
    'Turn a featured-ad request down',
    decision,
    'Rejected',
  ),
  verifications: adminList(
    '/admin/verification-requests',
    'Agent verification applications (pending by default, oldest first)',
    verificationQuerySchema,
    page(loose('AdminVerificationRequest')),
    'Applications',
  ),
  verification: adminRowRead(
    '/admin/verification-requests/{id}',
    "One application with the applicant's answers (files through agent-verification-file)",
    loose('AdminVerificationDetail'),
    'Application',
  ),
  verificationApprove: adminRowWrite(
    '/admin/verification-requests/{id}/approve',
    'Verify the applicant (verification_status success; a user becomes an agent)',
    decision,
    'Verified',
  ),
  verificationFail: adminRowWrite(
    '/admin/verification-requests/{id}/fail',
    'Fail the application with a reason; the applicant may apply again',
    decision,
    'Failed',
    {
      description: 'Body (JSON or form): reason (required, at most 500 characters), shown to the applicant.',
      body: requestBody(reasonSchema),
    },
  ),
  reports: adminList(
    '/admin/reports',
    'Reports on listings (open by default, oldest first)',
    reportQuerySchema,
    page(loose('AdminReport')),
    'Reports',
  ),
  reportDismiss: adminRowWrite(
    '/admin/reports/{id}/dismiss',
    'Close a report and leave the listing as it is',
    decision,
    'Dismissed',
  ),
  reportHide: adminRowWrite(
    '/admin/reports/{id}/hide',
    'Hide the reported listing (rejected, reason "Reported" unless given) and close its open reports',
    decision,
    'Hidden',
    {
      description: 'Body (JSON or form, optional): reason (at most 500 characters), shown to the owner.',
      body: requestBody(hideSchema),
    },
  ),
};

export const adminModerationRoutes = newRouter()
  .openapi(routes.dashboard, async (c) => ok(c, await adminDashboard(c.var.db, c.var.user)))
  .route('/', listingReviewRoutes('property', 'properties'))
  .route('/', listingReviewRoutes('project', 'projects'))
  .openapi(routes.featured, async (c) => ok(c, await listFeaturedRequests(c.var.db, c.var.user, c.req.valid('query'))))
  .openapi(routes.featuredApprove, async (c) => {
    const { fields } = await readBody(c);
    const result = await approveFeaturedRequest(c.var.db, c.var.user, c.req.valid('param').id, fields);
    return ok(c, result, 'admin.notice.approved');
  })
  .openapi(routes.featuredReject, async (c) =>
    ok(c, await rejectFeaturedRequest(c.var.db, c.var.user, c.req.valid('param').id), 'admin.notice.rejected'),
  )
  .openapi(routes.verifications, async (c) =>
    ok(c, await listVerificationQueue(c.var.db, c.var.user, c.req.valid('query'))),
  )
  .openapi(routes.verification, async (c) =>
    ok(c, await getVerificationRequest(c.var.db, c.var.user, c.req.valid('param').id)),
  )
  .openapi(routes.verificationApprove, async (c) =>
    ok(c, await approveVerification(c.var.db, c.var.user, c.req.valid('param').id), 'admin.notice.verified'),
  )
  .openapi(routes.verificationFail, async (c) => {
    const { fields } = await readBody(c);
    const result = await failVerification(c.var.db, c.var.user, c.req.valid('param').id, fields);
    return ok(c, result, 'admin.notice.verification_failed');
  })
  .openapi(routes.reports, async (c) => ok(c, await listReportQueue(c.var.db, c.var.user, c.req.valid('query'))))
  .openapi(routes.reportDismiss, async (c) =>
    ok(c, await dismissReport(c.var.db, c.var.user, c.req.valid('param').id), 'admin.notice.dismissed'),
  )
  .openapi(routes.reportHide, async (c) => {
    const { fields } = await readBody(c);
    const reason = c.var.t('admin.reports.hidden_reason');
    const result = await hideReportedListing(c.var.db, c.var.user, c.req.valid('param').id, fields, reason);
    return ok(c, result, 'admin.notice.hidden');
  });
