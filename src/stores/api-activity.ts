import { atom } from 'nanostores';

/**
 * Calls in flight; the progress bar shows while it is above zero. Its own module so the app shell can watch it
 * without bundling the API client.
 */
export const $apiActivity = atom(0);

export function trackApiActivity(delta: 1 | -1): void {
  $apiActivity.set(Math.max(0, $apiActivity.get() + delta));
}
