import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The e2e server's data directory (playwright.config.ts) holds the outbox the local mail/SMS sender writes. */
const outboxDir = path.resolve(process.env['E2E_DATA_DIR'] ?? 'test-results/e2e-data', 'outbox');

interface Message {
  to: string;
  subject?: string;
  text: string;
}

function messagesTo(to: string): Message[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')) as Message)
    .filter((m) => m.to === to);
}

/** Waits for the next message to `to` after `seen` earlier ones and returns it. */
export async function nextMessage(to: string, seen = 0): Promise<Message> {
  await expect.poll(() => messagesTo(to).length, { timeout: 10_000 }).toBeGreaterThan(seen);
  return messagesTo(to).at(-1)!;
}

export const countMessages = (to: string) => messagesTo(to).length;
