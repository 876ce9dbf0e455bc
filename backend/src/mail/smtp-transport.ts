import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * A connection to the mail server of SMTP_URL, with time limits so a stalled server never holds a sender.
 * nodemailer is loaded on first use: a shop without SMTP_URL never holds it in memory.
 */
/** Host names and addresses of this machine, where a password never crosses a network. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/**
 * The connection options of SMTP_URL. A password sent to another host must travel encrypted: smtps:// is TLS from
 * the start, and over smtp:// the server must offer STARTTLS (requireTLS) or nothing is sent.
 */
export function smtpConnectionOptions(url: string): { url: string; requireTLS: boolean } {
  const parsed = new URL(url);
  const credentials = parsed.username !== '' || parsed.password !== '';
  return { url, requireTLS: credentials && parsed.protocol === 'smtp:' && !isLocalHost(parsed.hostname) };
}

export function createSmtpTransport(url: string | undefined): SmtpTransport {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  const SmtpTransportClass = require('nodemailer/lib/smtp-transport') as typeof SMTPTransport;
  return nodemailer.createTransport(
    new SmtpTransportClass({
      ...(url ? smtpConnectionOptions(url) : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
}
