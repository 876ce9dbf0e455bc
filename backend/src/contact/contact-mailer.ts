import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { createSmtpTransport, SmtpTransport } from '../mail/smtp-transport';
import type { NewContactMessage } from './contact.repository';

/** Removes line breaks and other control characters from text that goes into a header. */
function headerText(value: string): string {
  const printable = Array.from(value, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? ' ' : ch;
  });
  return printable.join('').replace(/ {2,}/g, ' ').trim();
}

/** Sends contact messages to the shop's inbox over SMTP (SMTP_URL), with the sender as Reply-To. */
@Injectable()
export class ContactMailer implements OnApplicationShutdown {
  private transporter?: SmtpTransport;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** True when SMTP_URL is configured. */
  get enabled(): boolean {
    return !!this.config.smtpUrl;
  }

  /** Where messages go: CONTACT_EMAIL_TO, else the seller's sign-in address. */
  get recipient(): string {
    return this.config.contactEmailTo ?? this.config.sellerEmail;
  }

  async send(message: NewContactMessage): Promise<void> {
    const name = headerText(message.name);
    await this.transport().sendMail({
      from: { name: 'Larder contact form', address: this.recipient },
      to: this.recipient,
      replyTo: { name, address: message.email },
      subject: `Contact form: ${name}`,
      text: [
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone}`,
        '',
        message.message,
      ].join('\n'),
    });
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }

  private transport(): SmtpTransport {
    this.transporter ??= createSmtpTransport(this.config.smtpUrl);
    return this.transporter;
  }
}
