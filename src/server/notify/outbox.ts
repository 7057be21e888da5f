import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../logger.ts';
import type { MailMessage, MailSender } from './mail.ts';
import type { SmsMessage, SmsSender } from './sms.ts';

export interface OutboxEntry {
  channel: 'mail' | 'sms';
  to: string;
  subject?: string;
  /** The sender's name a mail carries (the site's). */
  fromName?: string;
  text: string;
  sentAt: string;
}

/**
 * The laptop default for mail and SMS: each message is written as a JSON file to the outbox folder and logged,
 * so a developer (or an end-to-end test) can read the code or link a real service would have delivered.
 */
export class OutboxSender implements MailSender, SmsSender {
  constructor(private readonly dir: string) {}

  private async write(entry: OutboxEntry): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${entry.channel}-${randomUUID()}.json`);
    await fs.writeFile(file, JSON.stringify(entry, null, 2));
    logger.info('outbox message', { channel: entry.channel, to: entry.to, file });
  }

  sendMail(message: MailMessage): Promise<void> {
    return this.write({
      channel: 'mail',
      to: message.to,
      subject: message.subject,
      ...(message.fromName ? { fromName: message.fromName } : {}),
      text: message.text,
      sentAt: new Date().toISOString(),
    });
  }

  sendSms(message: SmsMessage): Promise<void> {
    return this.write({ channel: 'sms', to: message.to, text: message.body, sentAt: new Date().toISOString() });
  }
}

/** Messages in the outbox for one recipient, newest last. */
export async function readOutbox(dir: string, to: string): Promise<OutboxEntry[]> {
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    files.sort().map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as OutboxEntry),
  );
  return entries.filter((e) => e.to === to);
}
