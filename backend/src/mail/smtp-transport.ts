import nodemailer, { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';

export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo>;

/** A connection to the mail server of SMTP_URL, with time limits so a stalled server never holds a sender. */
export function createSmtpTransport(url: string | undefined): SmtpTransport {
  return nodemailer.createTransport(
    new SMTPTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
  );
}
