import { getAdminSettings, settingsChangeSchema, updateSettings } from '../../services/admin-settings-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { adminRoute, loose } from './admin-route.ts';
import { z } from '@hono/zod-openapi';

const groups = z.array(loose('AdminSettingsGroup'));

const routes = {
  get: adminRoute({
    method: 'get',
    path: '/admin/settings',
    summary: 'Every setting by section; secrets only say whether they are set',
    responses: replies(groups, 'Settings'),
  }),
  update: adminRoute({
    method: 'post',
    path: '/admin/settings',
    summary: 'Change settings',
    description:
      'Body (JSON or form): any settings by key. An empty secret keeps the stored one; `clear` (a key or a list) ' +
      'removes secrets. demo_mode can be switched on here, not off (every change is refused while it is on). ' +
      'Answers with the settings as GET does.',
    request: { body: requestBody(settingsChangeSchema) },
    responses: replies(groups, 'Saved'),
  }),
};

export const adminSettingsRoutes = newRouter()
  .openapi(routes.get, async (c) => ok(c, await getAdminSettings(c.var.db, c.var.user)))
  .openapi(routes.update, async (c) => {
    const { fields } = await readBody(c);
    return ok(c, await updateSettings(c.var.db, c.var.user, fields), 'admin.notice.saved');
  });
