import { createApiClient } from '../lib/api/client.ts';
import { trackApiActivity } from './api-activity.ts';
import { toast } from './toasts.ts';

export { $apiActivity } from './api-activity.ts';

/**
 * The islands' API client, wired to the progress bar (begin/end of every network call) and to the toasts
 * (only for calls made with `toast: true`).
 */
export const api = createApiClient({
  onActivity: trackApiActivity,
  notify: (kind, message) => (kind === 'error' ? toast.error(message) : toast.success(message)),
});
