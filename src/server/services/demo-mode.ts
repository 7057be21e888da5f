import type { SessionUser } from '../auth/session-user.ts';
import { mayWrite } from '../cache/read-cache.ts';
import type { Executor } from '../db/client.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { findSettingValue } from '../repositories/admin-policy-repository.ts';

/** The setting that turns a public demo install read-only (spec section 6: "Demo mode blocks actions"). */
export const DEMO_MODE_SETTING = 'demo_mode';

const truthy = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/** Demo mode is on when the environment forces it (DEMO_MODE) or the setting is on. */
export const demoModeOn = (setting: unknown): boolean => env().DEMO_MODE || truthy(setting);

export async function isDemoMode(db: Executor): Promise<boolean> {
  return demoModeOn(await findSettingValue(db, DEMO_MODE_SETTING));
}

export const demoModeError = () => new AppError('demo_mode', 403, 'errors.demo_mode');

/**
 * Refuses a change while the site runs in demo mode: "This Action is Not Allowed in Demo Mode" (403, demo_mode).
 * Requests reach it through assertDemoAllows; admin services check again inside their transaction (adminMutation),
 * and admin pages before reading a form. The console can switch demo mode on, never off, since that switch would be
 * refused too: it is turned off on the server (docs/decisions/008-admin-console.md, 041).
 */
export async function assertNotDemo(db: Executor): Promise<void> {
  if (await isDemoMode(db)) throw demoModeError();
}

/**
 * What a demo's signed-in visitors may still post: signing in (to its demo accounts), signing up and out, and a
 * password reset. API calls and pages alike; their GET forms (get-otp, forgot-password, the pages) are reads.
 */
const SIGN_IN_AND_OUT = new Set([
  '/api/user_signup',
  '/api/user-register',
  '/api/verify-otp',
  '/api/reset-password',
  '/api/logout',
  '/api/before-logout',
  '/login',
  '/login/otp',
  '/login/google',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/logout',
]);

/** The spec's GET calls that change something: paypal starts a payment. */
const WRITES_BY_GET = new Set(['/api/paypal']);

/**
 * Demo mode for a request: every write of a signed-in user, whatever their role, is refused, but signing in and out.
 * Visitors' writes (a contact message, a sign-up) and everyone's reads go on. The API runs it on every call
 * (api/middleware/demo-mode.ts), the pages on every request (src/middleware.ts).
 */
export async function assertDemoAllows(
  db: Executor,
  request: { user: SessionUser | null; method: string; path: string },
): Promise<void> {
  const write = mayWrite(request.method) || WRITES_BY_GET.has(request.path);
  if (request.user && write && !SIGN_IN_AND_OUT.has(request.path)) await assertNotDemo(db);
}
