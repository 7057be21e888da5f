import path from 'node:path';
import { createApi, type Api } from './api/app.ts';
import type { ServerDeps } from './platform/deps.ts';
import { exposeApi } from './api/serve.ts';
import { createFirebaseVerifier } from './auth/google-id-token.ts';
import { createSenders } from './notify/senders.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { startEmbeddedMaintenance } from './db/maintenance.ts';
import { seedDemoData, seedEssentials } from './db/seed/index.ts';
import { env } from './env.ts';
import { paymentApiBases } from './payments/gateways.ts';
import { onShutdown, requestStop } from './lifecycle.ts';
import { logger } from './logger.ts';
import { closeEventBus, eventBus } from './realtime/event-bus.ts';
import { startAdvertisementExpiry } from './services/advertisement-service.ts';
import { startPushDispatcher, vapidKeys } from './services/push-service.ts';
import { LocalFileStorage } from './storage/local-storage.ts';
import { S3FileStorage } from './storage/s3-storage.ts';
import type { FileStorage } from './storage/storage.ts';

export interface Runtime {
  database: DatabaseHandle;
  /** The services' dependencies, shared by the API and the pages' form handlers. */
  deps: ServerDeps;
  api: Api;
}

// On globalThis so the dev server's module reloads reuse the one open database instead of opening it twice.
const key = Symbol.for('marketplace.runtime');
const holder = globalThis as unknown as Record<symbol, Promise<Runtime> | undefined>;

/** The process's database, storage and API, started once: migrations applied, essentials and demo data seeded. */
export function runtime(): Promise<Runtime> {
  holder[key] ??= boot().catch((error: unknown) => {
    holder[key] = undefined;
    logger.error('startup failed', { reason: error instanceof Error ? error.message : String(error) });
    throw error;
  });
  return holder[key];
}

async function boot(): Promise<Runtime> {
  const config = env();
  const started = performance.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  onShutdown(() => database.close());
  database.onFailure((error) => {
    // Every statement fails from here on; a restart opens the database again (and recovers it from its log).
    logger.error('database failed', { reason: error.message });
    requestStop(1);
  });
  await database.migrate();
  startEmbeddedMaintenance(database);
  const storage: FileStorage =
    config.STORAGE_DRIVER === 's3'
      ? new S3FileStorage({
          endpoint: config.S3_ENDPOINT!,
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          publicUrl: config.S3_PUBLIC_URL,
        })
      : new LocalFileStorage(path.resolve(config.DATA_DIR, 'uploads'));
  await seedEssentials(database.db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD, storage });
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db, storage);
  logger.info('database ready', { kind: database.kind, ms: Math.round(performance.now() - started) });
  // Live chat and notifications: listen for events from every server, push the ones this server publishes.
  const bus = eventBus(database.db);
  onShutdown(() => closeEventBus(database.db));
  startPushDispatcher(database.db, bus, vapidKeys());
  await bus.ready();
  startAdvertisementExpiry(database.db);
  const { mailer, sms } = createSenders(config);
  const idTokens = config.FIREBASE_PROJECT_ID
    ? createFirebaseVerifier({ projectId: config.FIREBASE_PROJECT_ID, jwksUrl: config.FIREBASE_JWKS_URL })
    : null;
  const deps: ServerDeps = { db: database.db, storage, mailer, sms, idTokens, paymentApis: paymentApiBases(config) };
  const api = createApi(deps);
  exposeApi(api);
  return { database, deps, api };
}
