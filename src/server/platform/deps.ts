import type { IdTokenVerifier } from '../auth/google-id-token.ts';
import type { Database } from '../db/client.ts';
import type { MailSender } from '../notify/mail.ts';
import type { SmsSender } from '../notify/sms.ts';
import type { PaymentApiBases } from '../payments/gateways.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * What the server's parts reach: the database, storage, senders and outside services, opened once by the runtime
 * (runtime.ts) and handed to services by pages and API handlers alike (the API's handlers through `c.var`).
 */
export interface ServerDeps {
  db: Database;
  storage: FileStorage;
  mailer: MailSender;
  sms: SmsSender;
  /** Google sign-in verification; null when the site has no Firebase project configured. */
  idTokens: IdTokenVerifier | null;
  /** Payment providers' API hosts (STRIPE_API_BASE, ...); their keys are settings. */
  paymentApis: PaymentApiBases;
}
