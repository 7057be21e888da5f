import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { SessionEnd } from '../services/session-service.ts';
import type { RequestContext } from '../platform/request-context.ts';
import type { Translator } from '../i18n/translator.ts';

export interface ApiEnv {
  /**
   * Passed by serveApi: the TCP peer address, and `failure` when the server could not hand the API a request (see
   * `serveFailure`), which the API answers like any error.
   */
  Bindings: { clientAddress?: string; failure?: unknown };
  Variables: ServerDeps & {
    /** The caller's IP as far as we can trust it (see TRUST_PROXY). */
    clientIp: string;
    requestId: string;
    user: SessionUser | null;
    /** What proved who the caller is (src/server/platform/request-context.ts): writes riding on the cookie must come from this site. */
    credential: RequestContext['credential'];
    /** Set when the token or cookie sent signs nobody in (the caller is then a visitor): why. */
    sessionEnded: SessionEnd | null;
    /** Set when the request names an origin allowed to call the API from another site (middleware/cross-origin.ts). */
    fromAllowedOrigin: boolean;
    t: Translator;
  };
}
