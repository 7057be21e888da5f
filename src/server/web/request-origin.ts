import { env } from '../env.ts';

/**
 * Whether an Origin header names this site: the origin the request came to, or PUBLIC_URL's (behind a proxy the
 * two differ). Browsers send Origin with every write, so a write naming another origin came from another site.
 */
export function isOwnOrigin(origin: string | null | undefined, requestUrl: string): boolean {
  return !!origin && (origin === new URL(requestUrl).origin || origin === new URL(env().PUBLIC_URL).origin);
}
