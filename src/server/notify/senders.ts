import path from 'node:path';
import type { Env } from '../env.ts';
import { SmtpMailSender, type MailSender } from './mail.ts';
import { OutboxSender } from './outbox.ts';
import { HttpSmsSender, type SmsSender } from './sms.ts';

/** Real mail and SMS when configured; otherwise the outbox folder in the data directory. */
export function createSenders(config: Env): { mailer: MailSender; sms: SmsSender; outboxDir: string } {
  const outboxDir = path.resolve(config.DATA_DIR, 'outbox');
  const outbox = new OutboxSender(outboxDir);
  const mailer = config.SMTP_URL ? new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM) : outbox;
  const sms =
    config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM
      ? new HttpSmsSender({
          baseUrl: config.SMS_BASE_URL,
          accountSid: config.SMS_ACCOUNT_SID,
          authToken: config.SMS_AUTH_TOKEN,
          from: config.SMS_FROM,
        })
      : outbox;
  return { mailer, sms, outboxDir };
}
