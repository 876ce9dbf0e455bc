/**
 * Takes secrets and personal data out of text bound for logs or the database: the password of a URL
 * (`postgres://larder:secret@db/…` → `postgres://larder:***@db/…`) and e-mail addresses (an SMTP server's refusal
 * names the customer it could not reach).
 */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export function redact(text: string): string {
  return text.replace(URL_PASSWORD, '$1:***@').replace(EMAIL, '[e-mail]');
}
