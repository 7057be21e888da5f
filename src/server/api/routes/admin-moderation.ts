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
import { adminRoute, idParams, loose } from './admin-route.ts';

// The services' own query schemas: an unknown state or a malformed number is a 422 with a message on its field.
const reviewQuery = reviewQuerySchema.extend({
  search: reviewQuerySchema.shape.search.meta({ description: 'Part of the title or slug, or the id' }),
});
const decision = loose('AdminDecision');
const reasonBody = 'Body (JSON or form): reason (required, at most 500 characters), shown to the owner.';

/** The review of one kind of listing: its queue, one listing as its owner sees it, approval and rejection. */
function listingReviewRoutes(kind: ListingKind, plural: 'properties' | 'projects') {
  const calls = {
    list: adminRoute({
      method: 'get',
      path: `/admin/${plural}`,
      summary: `${kind === 'property' ? 'Properties' : 'Projects'} for review (pending by default, oldest first)`,
      request: { query: reviewQuery },
      responses: replies(listingPage(loose('AdminReviewRow')), 'Listings'),
    }),
    get: adminRoute({
      method: 'get',
      path: `/admin/${plural}/{id}`,
      summary: `One ${kind} as its owner sees it, with the owner`,
      request: { params: idParams },
      responses: replies(loose('AdminListingReview'), 'Listing'),
    }),
    approve: adminRoute({
      method: 'post',
      path: `/admin/${plural}/{id}/approve`,
      summary: `Approve a ${kind} (admin_status approved)`,
      request: { params: idParams },
      responses: replies(decision, 'Approved'),
    }),
    reject: adminRoute({
      method: 'post',
      path: `/admin/${plural}/{id}/reject`,
      summary: `Reject a ${kind} with a reason`,
      description: reasonBody,
      request: { params: idParams, body: requestBody(reasonSchema) },
      responses: replies(decision, 'Rejected'),
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
  featured: adminRoute({
    method: 'get',
    path: '/admin/featured-requests',
    summary: 'Requests to feature a property or project (pending by default)',
    request: { query: adQuerySchema },
    responses: replies(page(loose('AdminFeaturedRequest')), 'Requests'),
  }),
  featuredApprove: adminRoute({
    method: 'post',
    path: '/admin/featured-requests/{id}/approve',
    summary: 'Approve a featured-ad request: it runs from now; a property is featured until it ends',
    description: 'Body (JSON or form, optional): days (1 to 365, default 30).',
    request: { params: idParams, body: requestBody(approveAdSchema) },
    responses: replies(decision, 'Approved'),
  }),
  featuredReject: adminRoute({
    method: 'post',
    path: '/admin/featured-requests/{id}/reject',
    summary: 'Turn a featured-ad request down',
    request: { params: idParams },
    responses: replies(decision, 'Rejected'),
  }),
  verifications: adminRoute({
    method: 'get',
    path: '/admin/verification-requests',
    summary: 'Agent verification applications (pending by default, oldest first)',
    request: { query: verificationQuerySchema },
    responses: replies(page(loose('AdminVerificationRequest')), 'Applications'),
  }),
  verification: adminRoute({
    method: 'get',
    path: '/admin/verification-requests/{id}',
    summary: "One application with the applicant's answers (files through agent-verification-file)",
    request: { params: idParams },
    responses: replies(loose('AdminVerificationDetail'), 'Application'),
  }),
  verificationApprove: adminRoute({
    method: 'post',
    path: '/admin/verification-requests/{id}/approve',
    summary: 'Verify the applicant (verification_status success; a user becomes an agent)',
    request: { params: idParams },
    responses: replies(decision, 'Verified'),
  }),
  verificationFail: adminRoute({
    method: 'post',
    path: '/admin/verification-requests/{id}/fail',
    summary: 'Fail the application with a reason; the applicant may apply again',
    description: 'Body (JSON or form): reason (required, at most 500 characters), shown to the applicant.',
    request: { params: idParams, body: requestBody(reasonSchema) },
    responses: replies(decision, 'Failed'),
  }),
  reports: adminRoute({
    method: 'get',
    path: '/admin/reports',
    summary: 'Reports on listings (open by default, oldest first)',
    request: { query: reportQuerySchema },
    responses: replies(page(loose('AdminReport')), 'Reports'),
  }),
  reportDismiss: adminRoute({
    method: 'post',
    path: '/admin/reports/{id}/dismiss',
    summary: 'Close a report and leave the listing as it is',
    request: { params: idParams },
    responses: replies(decision, 'Dismissed'),
  }),
  reportHide: adminRoute({
    method: 'post',
    path: '/admin/reports/{id}/hide',
    summary: 'Hide the reported listing (rejected, reason "Reported" unless given) and close its open reports',
    description: 'Body (JSON or form, optional): reason (at most 500 characters), shown to the owner.',
    request: { params: idParams, body: requestBody(hideSchema) },
    responses: replies(decision, 'Hidden'),
  }),
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
