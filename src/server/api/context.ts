import type { Database } from '../db/client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Translator } from '../i18n/translator.ts';
import type { FileStorage } from '../storage/storage.ts';

/** What every API handler can reach through `c.var`. */
export interface ApiDeps {
  db: Database;
  storage: FileStorage;
}

export interface ApiEnv {
  Variables: ApiDeps & {
    requestId: string;
    user: SessionUser | null;
    /** Set when the session came from the cookie, so writes must pass the Origin check. */
    authViaCookie: boolean;
    t: Translator;
  };
}
