import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { assertNotDemo } from '../services/demo-mode.ts';
import { readForm } from './forms.ts';

/** What a console page does for one action its forms post, and the notice it redirects with when that is done. */
export interface AdminAction {
  run: (fields: Record<string, string>) => Promise<unknown>;
  notice: string;
}

/**
 * A console form post naming its action (approve, reject, hide): refused in demo mode before it is read, as every
 * admin page does, then the named action run on the posted fields. An action the page does not take is a bad
 * request. Returns the notice of the action that ran, for the redirect.
 */
export async function runAdminAction(
  request: Request,
  db: Executor,
  actions: Record<string, AdminAction>,
): Promise<string> {
  await assertNotDemo(db);
  const { fields } = await readForm(request);
  const name = fields['action'] ?? '';
  const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
  if (!action) throw AppError.badRequest('errors.bad_request');
  await action.run(fields);
  return action.notice;
}
