import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * A connection to the mail server of SMTP_URL, with time limits so a stalled server never holds a sender.
 * nodemailer is loaded on first use: a shop without SMTP_URL never holds it in memory.
 */
export function createSmtpTransport(url: string | undefined): SmtpTransport {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  const SmtpTransportClass = require('nodemailer/lib/smtp-transport') as typeof SMTPTransport;
  return nodemailer.createTransport(
    new SmtpTransportClass({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
}
