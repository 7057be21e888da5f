import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findSettingValue } from '../repositories/admin-policy-repository.ts';

/** The setting that turns a public demo install read-only for admins (spec section 6: "Demo mode blocks actions"). */
export const DEMO_MODE_SETTING = 'demo_mode';

const truthy = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

export async function isDemoMode(db: Executor): Promise<boolean> {
  return truthy(await findSettingValue(db, DEMO_MODE_SETTING));
}

export const demoModeError = () => new AppError('demo_mode', 403, 'errors.demo_mode');

/**
 * Refuses a change while the site runs in demo mode: "This Action is Not Allowed in Demo Mode" (403, demo_mode).
 * Every admin write calls it: the API's middleware for /api/admin (src/server/api/middleware/demo-mode.ts) and
 * adminMutation (admin-access.ts), which admin pages reach through the services. The console itself can never
 * switch demo mode off, since that switch would be refused too: it is turned off on the server (see
 * docs/decisions/008-admin-console.md).
 */
export async function assertNotDemo(db: Executor): Promise<void> {
  if (await isDemoMode(db)) throw demoModeError();
}
