import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { contactMessages } from '../db/schema';

const VALID = {
  name: 'Jane Smith',
  email: 'jane.smith@example.com',
  phone: '07700 900456',
  message: 'Do you deliver to Cardiff on Saturdays?',
};

/** A well-formed address of exactly `length` characters (three 63-letter domain labels and a local part). */
function longEmail(length: number): string {
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
  return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
}

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; mails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

function stopSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('contact messages', () => {
  let t: TestApp;
  let seller: string;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a message and answers the spec text (no SMTP configured)', async () => {
    const res = await request(t.server).post('/api/contact').send(VALID);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.contactSent });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, VALID.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...VALID, emailedAt: null });
  });

  it('trims the fields and lower-cases the e-mail address', async () => {
    const res = await request(t.server).post('/api/contact').send({
      name: '  Tom  ',
      email: ' Tom@Example.COM ',
      phone: ' 01179 496000 ',
      message: '  Hello there  ',
    });
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'tom@example.com'));
    expect(row).toMatchObject({ name: 'Tom', phone: '01179 496000', message: 'Hello there' });
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp | string]> = [
    ['no name', { ...VALID, name: undefined }, /name/],
    ['a blank name', { ...VALID, name: '   ' }, /name/],
    ['no email', { ...VALID, email: undefined }, /email/i],
    ['an invalid email', { ...VALID, email: 'jane@' }, 'Please enter a valid email address'],
    ['no phone', { ...VALID, phone: undefined }, /phone/],
    ['no message', { ...VALID, message: undefined }, /message/],
    ['a blank message', { ...VALID, message: '' }, /message/],
    ['a name over 100 characters', { ...VALID, name: 'n'.repeat(101) }, /name must be at most 100/],
    [
      'an email over 254 characters',
      { ...VALID, email: longEmail(255) },
      'Please enter a valid email address',
    ],
    ['a phone over 30 characters', { ...VALID, phone: '0'.repeat(31) }, /phone must be at most 30/],
    [
      'a message over 2000 characters',
      { ...VALID, message: 'm'.repeat(2001) },
      /message must be at most 2000/,
    ],
    ['a number as the name', { ...VALID, name: 42 }, /name/],
    ['an unknown field', { ...VALID, subject: 'Hi' }, /subject/],
  ];

  it.each(invalid)('refuses %s and stores nothing', async (_label, body, message) => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await request(t.server).post('/api/contact').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });

  it('accepts the longest allowed fields', async () => {
    const res = await request(t.server)
      .post('/api/contact')
      .send({
        name: 'n'.repeat(100),
        email: longEmail(254),
        phone: '0'.repeat(30),
        message: 'm'.repeat(2000),
      });
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, longEmail(254)));
    expect(row.message).toHaveLength(2000);
  });

  it('lists messages newest first, for the seller only', async () => {
    await request(t.server)
      .post('/api/contact')
      .send({ ...VALID, message: 'Newest message' })
      .expect(201);
    expect((await request(t.server).get('/api/contact')).status).toBe(401);
    const customer = await signInCustomer(t, { email: 'nosy@example.com' });
    expect((await request(t.server).get('/api/contact').set('Cookie', customer)).status).toBe(401);

    const res = await request(t.server).get('/api/contact').set('Cookie', seller).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.messages[0]).toEqual({
      _id: expect.any(String),
      name: VALID.name,
      email: VALID.email,
      phone: VALID.phone,
      message: 'Newest message',
      createdAt: expect.any(String),
      emailedAt: null,
    });
    const times = res.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.messages.length).toBeGreaterThanOrEqual(4);
  });
});

describe('contact messages by e-mail (local SMTP server)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let smtpRunning = true;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      contactEmailTo: 'orders@larder.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    if (smtpRunning) await stopSmtp(smtp.server);
  });

  it('e-mails the message to the shop with the sender as Reply-To and records when it was sent', async () => {
    const res = await request(t.server).post('/api/contact').send(VALID);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.contactSent });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail.to).toEqual(['orders@larder.test']);
    expect(mail.raw).toMatch(/^Reply-To: Jane Smith <jane\.smith@example\.com>$/m);
    expect(mail.raw).toMatch(/^Subject: Contact form: Jane Smith$/m);
    expect(mail.raw).toContain(VALID.message);
    expect(mail.raw).toContain(`Phone: ${VALID.phone}`);

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, VALID.email));
    expect(row.emailedAt).toBeInstanceOf(Date);
  });

  it('keeps a header-safe subject for names with line breaks', async () => {
    const res = await request(t.server)
      .post('/api/contact')
      .send({ ...VALID, email: 'crlf@example.com', name: 'Eve\r\nBcc: victim@example.com' });
    expect(res.status).toBe(201);
    const mail = smtp.mails[smtp.mails.length - 1];
    expect(mail.to).toEqual(['orders@larder.test']);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0];
    expect(headers).toMatch(/^Subject: Contact form: Eve Bcc: victim@example\.com$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
  });

  it('still stores the message and answers success when the mail server is down', async () => {
    await stopSmtp(smtp.server);
    smtpRunning = false;
    const res = await request(t.server)
      .post('/api/contact')
      .send({ ...VALID, email: 'offline@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.contactSent });
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'offline@example.com'));
    expect(row).toMatchObject({ message: VALID.message, emailedAt: null });
  });
});

describe('contact rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ throttleLimit: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 once the limit is reached, and stores nothing more', async () => {
    await request(t.server).post('/api/contact').send(VALID).expect(201);
    await request(t.server).post('/api/contact').send(VALID).expect(201);
    const res = await request(t.server).post('/api/contact').send(VALID);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      code: ERROR_CODES.TOO_MANY_REQUESTS,
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(2);
  });
});
