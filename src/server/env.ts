import { z } from 'zod';
import { isOrigin, splitOrigins } from './web/origins.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads. README's configuration table mirrors this list. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:4321'),
  // Other sites whose pages call the API from the browser (CORS, docs/decisions/043), besides the console's list.
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform(splitOrigins)
    .pipe(z.array(z.string().refine(isOrigin, 'must be origins such as https://app.example.com, separated by commas'))),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // The planner's price of a page read (docs/decisions/032): 0.1 for data in memory, `server` for PostgreSQL's own.
  DATABASE_PAGE_COST: z.union([z.literal('server'), z.coerce.number().positive().max(100)]).default(0.1),
  DATA_DIR: z.string().min(1).default('./data'),
  MIGRATIONS_DIR: z.string().min(1).default('src/server/db/migrations'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SEED_DEMO_DATA: flag.default(true),
  /** Forces demo mode on, whatever the console's setting (docs/decisions/041). */
  DEMO_MODE: flag,
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(6).default('admin1234'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: flag,
  /** Sign-ins per client address in 15 minutes: an office or a mobile network's NAT puts many people behind one. */
  SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** New accounts per client address in an hour, for the same reason. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Property Marketplace <no-reply@localhost>'),
  SMS_BASE_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().default(''),
  SMS_AUTH_TOKEN: z.string().default(''),
  SMS_FROM: z.string().default(''),
  FIREBASE_PROJECT_ID: z.string().default(''),
  FIREBASE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  PUBLIC_FIREBASE_API_KEY: z.string().default(''),
  PUBLIC_FIREBASE_AUTH_DOMAIN: z.string().default(''),
  // Payment providers' API hosts; tests and staging point them at local fakes.
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  PAYPAL_API_BASE: z.url().default('https://api-m.paypal.com'),
  PAYSTACK_API_BASE: z.url().default('https://api.paystack.co'),
  FLUTTERWAVE_API_BASE: z.url().default('https://api.flutterwave.com'),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  PUBLIC_BLOCK_DEVTOOLS: flag,
  // Web Push (VAPID). Empty: a key pair is generated once and kept in DATA_DIR/vapid-keys.json.
  VAPID_PUBLIC_KEY: z.string().trim().default(''),
  VAPID_PRIVATE_KEY: z.string().trim().default(''),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof envSchema>;

/** S3 needs its endpoint, bucket and keys; say which are missing instead of failing on the first upload. */
function checkStorage(env: Env): string[] {
  if (env.STORAGE_DRIVER !== 's3') return [];
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (k) => !env[k],
  );
  return missing.map((k) => `  ${k}: required when STORAGE_DRIVER is s3`);
}

const base64urlBytes = (value: string) => (/^[\w-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1);

/** VAPID keys come as a pair of URL-safe base64 strings: an uncompressed P-256 point and its private scalar. */
function checkVapid(env: Env): string[] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return [];
  const lines: string[] = [];
  if (!publicKey || !privateKey)
    lines.push(`  ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: required with the other VAPID key`);
  if (publicKey && base64urlBytes(publicKey) !== 65)
    lines.push('  VAPID_PUBLIC_KEY: must be a URL-safe base64 P-256 public key (65 bytes)');
  if (privateKey && base64urlBytes(privateKey) !== 32)
    lines.push('  VAPID_PRIVATE_KEY: must be a URL-safe base64 P-256 private key (32 bytes)');
  return lines;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const lines = result.success
    ? [...checkStorage(result.data), ...checkVapid(result.data)]
    : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (result.success && lines.length === 0) return result.data;
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

/** The validated environment, parsed once. A bad variable stops the server with a message naming it. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
