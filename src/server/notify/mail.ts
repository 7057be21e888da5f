import nodemailer, { type Transporter } from 'nodemailer';
import { DEFAULT_COMPANY_NAME } from '../web/brand.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The name the mail comes from: the site's name (getSiteName). The address is always the configured one. */
  fromName?: string | undefined;
}

export interface MailSender {
  sendMail(message: MailMessage): Promise<void>;
}

/** `Name <address>`, `"Name" <address>` or a bare address, as `MAIL_FROM` holds it. */
export function parseMailFrom(from: string): { name: string; address: string } {
  const match = /^\s*(?:"([^"]*)"|([^<]*?))\s*<([^<>\s]+)>\s*$/.exec(from);
  if (!match) return { name: '', address: from.trim() };
  return { name: (match[1] ?? match[2] ?? '').trim(), address: match[3]! };
}

/** Mail through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;
  private readonly sender: { name: string; address: string };

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.sender = parseMailFrom(from);
  }

  /**
   * The message's sender name (the site's) replaces MAIL_FROM's when that names nobody or only the shipped default;
   * a name the operator wrote into MAIL_FROM stays.
   */
  private fromOf(message: MailMessage): string | { name: string; address: string } {
    const ownName = this.sender.name && this.sender.name !== DEFAULT_COMPANY_NAME;
    return message.fromName && !ownName ? { name: message.fromName, address: this.sender.address } : this.from;
  }

  async sendMail(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.fromOf(message),
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }
}
