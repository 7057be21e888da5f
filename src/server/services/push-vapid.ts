import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../env.ts';
import { logger } from '../logger.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes: a mailto: address or an https: URL. */
  subject: string;
}

/** Where a fresh install keeps the key pair it generated (readable by the server's user only). */
export const VAPID_KEY_FILE = 'vapid-keys.json';

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated once and kept in
 * DATA_DIR/vapid-keys.json so a fresh install can push without configuration. Browsers subscribe against the
 * public key, so it must not change: several servers must share one pair (set the variables).
 */
export function loadVapidKeys(config: Env): VapidKeys {
  const subject =
    config.VAPID_SUBJECT ??
    (config.PUBLIC_URL.startsWith('https://') ? new URL(config.PUBLIC_URL).origin : `mailto:${config.ADMIN_EMAIL}`);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.resolve(config.DATA_DIR, VAPID_KEY_FILE);
  const stored = readKeyFile(file);
  if (stored) return { ...stored, subject };
  const generated = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': if another process wrote the file first, keep theirs.
    fs.writeFileSync(file, JSON.stringify(generated, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
    logger.info('generated VAPID keys for Web Push', { file });
    if (config.DATABASE_URL)
      logger.warn('VAPID keys generated per server: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY on every server', {
        file,
      });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...readKeyFile(file)!, subject };
  }
  return { ...generated, subject };
}

function readKeyFile(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
