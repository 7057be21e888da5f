import { z } from '@hono/zod-openapi';
import {
  beforeLogout,
  beforeLogoutSchema,
  deleteAccount,
  deleteAccountSchema,
  getOwnProfile,
  logout,
  profileUpdateSchema,
  updateProfile,
} from '../../services/profile-service.ts';
import { fileBytes, readBody } from '../body.ts';
import { ok } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { userCalls } from './user-route.ts';

const user = z.record(z.string(), z.unknown()).openapi('OwnUser');
const route = userCalls('profile');

const routes = {
  me: route('get', '/get-user-data', 'The signed-in user', user),
  update: route(
    'post',
    '/update_profile',
    'Update the signed-in user',
    user,
    'Form or JSON: name, email, mobile, address, city, state, country, latitude, longitude, about_me, facebook_id, twiiter_id, instagram_id, youtube_id, linkedin_id, notification (0/1), fcm_id; `profile`: a JPEG or PNG photo of at least 120x120.',
    requestBody(profileUpdateSchema, { files: { profile: 'A JPEG or PNG photo of at least 120x120' } }),
  ),
  beforeLogout: route(
    'post',
    '/before-logout',
    'Sign out, and forget this device push token',
    z.null(),
    "Body: fcm_id. Revokes the session, as logout does, and forgets the push token when it is the caller's (none sent: the caller's push token, whichever it is).",
    requestBody(beforeLogoutSchema),
  ),
  logout: route('post', '/logout', 'Revoke the current session', z.null()),
  deleteUser: route(
    'post',
    '/delete_user',
    'Delete the signed-in account and its data',
    z.null(),
    'Body: userid (must be the caller).',
    requestBody(deleteAccountSchema),
  ),
};

export const profileRoutes = newRouter()
  .openapi(routes.me, async (c) => ok(c, await getOwnProfile(c.var, c.var.user!)))
  .openapi(routes.update, async (c) => {
    const { fields, files } = await readBody(c);
    return ok(
      c,
      await updateProfile(c.var, c.var.user!, fields, await fileBytes(files['profile'])),
      'auth.profile_updated',
    );
  })
  .openapi(routes.beforeLogout, async (c) => {
    await beforeLogout(c.var, c.var.user!, (await readBody(c)).fields);
    return ok(c, null, 'auth.signed_out');
  })
  .openapi(routes.logout, async (c) => {
    await logout(c.var, c.var.user!);
    return ok(c, null, 'auth.signed_out');
  })
  .openapi(routes.deleteUser, async (c) => {
    await deleteAccount(c.var, c.var.user!, (await readBody(c)).fields);
    return ok(c, null, 'auth.account_deleted');
  });
