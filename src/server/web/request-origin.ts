import { env } from '../env.ts';
import { logger } from '../logger.ts';

let schemeHintGiven = false;

/**
 * Whether an Origin header names this site: the origin the request came to, or PUBLIC_URL's (behind a proxy the
 * two differ). Browsers send Origin with every write, so a write naming another origin came from another site.
 *
 * Behind a TLS proxy the server sees http:// while browsers send https://; unless PUBLIC_URL says https, every
 * page form and cookie write would be refused. The first refusal that differs from the request only by its scheme
 * is logged with the setting to change.
 */
export function isOwnOrigin(origin: string | null | undefined, requestUrl: string): boolean {
  if (!origin) return false;
  const here = new URL(requestUrl);
  const publicUrl = new URL(env().PUBLIC_URL);
  if (origin === here.origin || origin === publicUrl.origin) return true;
  const named = URL.parse(origin);
  if (!schemeHintGiven && named && named.host === here.host && named.protocol !== here.protocol) {
    schemeHintGiven = true;
    logger.warn('a write from this site was refused: set PUBLIC_URL to the address browsers use', {
      origin,
      requestOrigin: here.origin,
      publicUrl: publicUrl.origin,
    });
  }
  return false;
}
