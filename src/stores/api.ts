import { atom } from 'nanostores';
import { createApiClient } from '../lib/api/client.ts';
import { toast } from './toasts.ts';

/** Calls in flight; the progress bar shows while it is above zero. */
export const $apiActivity = atom(0);

/** The islands' API client, wired to the progress bar and the toasts. */
export const api = createApiClient({
  onActivity: (delta) => $apiActivity.set(Math.max(0, $apiActivity.get() + delta)),
  notify: (kind, message) => (kind === 'error' ? toast.error(message) : toast.success(message)),
});
