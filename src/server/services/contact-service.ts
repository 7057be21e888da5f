import { contactSchema } from '../../lib/validation/contact.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Translator } from '../i18n/translator.ts';
import { logger } from '../logger.ts';
import { insertContactMessage } from '../repositories/contact-repository.ts';
import { siteName } from '../web/brand.ts';
import type { ClientInfo } from './account-service.ts';
import { consume, limits } from './rate-limit-service.ts';
import { getPublicSettings } from './settings-service.ts';

/**
 * contct_us: the message is stored first (admins read it in the console), then mailed to the company address.
 * A mail failure is logged, not shown: the message is not lost.
 */
export async function sendContactMessage(
  deps: Pick<ServerDeps, 'db' | 'mailer'>,
  sender: SessionUser | null,
  input: unknown,
  client: ClientInfo,
  t: Translator,
  now = new Date(),
) {
  const values = contactSchema.parse(input);
  await consume(deps.db, [[`contact:ip:${client.ip}`, limits.contactPerIp]], now);
  const row = await insertContactMessage(deps.db, {
    firstName: values.first_name,
    lastName: values.last_name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    userId: sender?.id ?? null,
  });
  const { company_email: to, company_name } = await getPublicSettings(deps.db);
  if (to) {
    try {
      await deps.mailer.sendMail({
        to,
        fromName: siteName(company_name, t),
        subject: t('contact.mail_subject', { subject: values.subject }),
        text: t('contact.mail_body', {
          name: `${values.first_name} ${values.last_name}`,
          email: values.email,
          message: values.message,
        }),
      });
    } catch (error) {
      logger.error('contact message could not be mailed', { error, contactMessageId: row.id });
    }
  }
  return { id: row.id };
}
