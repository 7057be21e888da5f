import {
  deactivateUser,
  getUserDetail,
  listUsers,
  reactivateUser,
  userQuerySchema,
} from '../../services/admin-user-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { adminRoute, adminRowRead, adminRowWrite, loose } from './admin-route.ts';

const user = loose('AdminUser');

const routes = {
  list: adminRoute({
    method: 'get',
    path: '/admin/users',
    summary: 'Users by name, email or mobile, role and active state (newest first)',
    request: {
      query: userQuerySchema.extend({
        search: userQuerySchema.shape.search.meta({ description: 'Part of the name, email or mobile number' }),
        active: userQuerySchema.shape.active.meta({ description: '1: active only, 0: deactivated only' }),
      }),
    },
    responses: replies(page(user), 'Users'),
  }),
  get: adminRowRead(
    '/admin/users/{id}',
    'One user: listing counts, verification, live sessions and blocks',
    loose('AdminUserDetail'),
    'User',
  ),
  deactivate: adminRowWrite(
    '/admin/users/{id}/deactivate',
    'Deactivate an account and sign it out everywhere (never yourself or another admin)',
    user,
    'Deactivated',
  ),
  reactivate: adminRowWrite(
    '/admin/users/{id}/reactivate',
    'Let a deactivated account sign in again',
    user,
    'Reactivated',
  ),
};

export const adminUserRoutes = newRouter()
  .openapi(routes.list, async (c) => ok(c, await listUsers(c.var.db, c.var.user, c.req.valid('query'))))
  .openapi(routes.get, async (c) => ok(c, await getUserDetail(c.var.db, c.var.user, c.req.valid('param').id)))
  .openapi(routes.deactivate, async (c) =>
    ok(c, await deactivateUser(c.var.db, c.var.user, c.req.valid('param').id), 'admin.notice.deactivated'),
  )
  .openapi(routes.reactivate, async (c) =>
    ok(c, await reactivateUser(c.var.db, c.var.user, c.req.valid('param').id), 'admin.notice.reactivated'),
  );
