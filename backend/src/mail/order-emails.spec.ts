import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { asc } from 'drizzle-orm';
import { Client } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createApp } from '../app/app.factory';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import { DB } from '../db/database.module';
import { emailOutbox } from '../db/schema';
import { Clock } from '../common/clock';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { ensureTemplate, pgliteFromTemplate } from '../../test/pglite-template';
import { ADDRESS } from '../../test/fixtures';
import { createPglite } from '../db/database';
import { OutboxWorker } from './outbox-worker';

/** Monday 23 November 2026, 10:00 in London (GMT): delivery on Tuesday the 24th, cancellable until 11:00. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
/** SMTP servers of this file listen on ports of this suite's own range. */
const SMTP_PORTS = [4250, 4251, 4252, 4253];
const POLL_MS = 50;

// Several app starts and real SMTP exchanges per test, on a shared and busy machine.
jest.setTimeout(180_000);

interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
}

/** The decoded body of the MIME part with this content type (quoted-printable or base64). */
function mimePart(raw: string, contentType: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => new RegExp(`^Content-Type: ${contentType}`, 'im').test(p));
  if (!part) return '';
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const joined = body.replace(/=\r?\n/g, '');
    return joined.replace(/(=[0-9A-F]{2})+/g, (m) =>
      Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'),
    );
  }
  return body;
}

function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1].trim() ?? '';
}

interface Smtp {
  server: SMTPServer;
  mails: ReceivedMail[];
  /** While true the server answers every message with a temporary failure (451). */
  failing: boolean;
  refused: number;
  /** Milliseconds the server takes before accepting a message it has received. */
  delayMs: number;
  /** Messages whose data has arrived, accepted or not yet. */
  receiving: number;
  close(): Promise<void>;
}

/** A real SMTP server on a local port that keeps the messages it accepts. */
async function startSmtp(port: number): Promise<Smtp> {
  const smtp: Smtp = {
    mails: [],
    failing: false,
    refused: 0,
    delayMs: 0,
    receiving: 0,
    server: undefined as unknown as SMTPServer,
    close: () => new Promise((resolve) => smtp.server.close(() => resolve())),
  };
  smtp.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        smtp.receiving += 1;
        if (smtp.delayMs) await new Promise((resolve) => setTimeout(resolve, smtp.delayMs));
        if (smtp.failing) {
          smtp.refused += 1;
          const to = session.envelope.rcptTo[0]?.address;
          const err = Object.assign(new Error(`Mailbox busy for <${to}>, try again later`), {
            responseCode: 451,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        smtp.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          text: mimePart(raw, 'text/plain'),
          html: mimePart(raw, 'text/html'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.server.once('error', reject);
    smtp.server.listen(port, '127.0.0.1', () => resolve());
  });
  return smtp;
}

async function outboxRows(db: Database) {
  return db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/** True once every message about the order has been accepted by the SMTP server. */
async function allSent(orderId: string): Promise<boolean> {
  const rows = (await outboxRows(t.db)).filter((r) => r.orderId === orderId);
  return rows.length > 0 && rows.every((r) => r.sentAt !== null);
}

interface Shop {
  server: Server;
  db: Database;
  config: AppConfig;
  /** The app's e-mail outbox worker, whose finished rounds a test waits on. */
  worker: OutboxWorker;
  close(): Promise<void>;
}

/** Waits for the worker to finish `rounds` more rounds: had anything been due again, it would have been sent. */
async function moreRounds(shop: Shop, rounds: number): Promise<void> {
  const from = shop.worker.roundsFinished;
  await waitFor(
    () => shop.worker.roundsFinished >= from + rounds,
    `${rounds} more rounds of the outbox worker`,
  );
}

/** A signed-in customer with a delivery address in that shop. */
async function newCustomer(shop: Pick<TestApp, 'server' | 'db'>, email: string) {
  const { cookie, addressId } = await signInCustomerWithAddress(
    shop,
    { email, firstName: 'Ann', lastName: 'Lee' },
    ADDRESS,
  );
  return { cookie, addressId };
}

/** Places 2 x apples (£2.00 each, no VAT) with £3.99 shipping: £7.99. */
async function placeOrder(
  shop: Pick<TestApp, 'server'>,
  customer: { cookie: string; addressId: string },
  product: string,
) {
  const res = await request(shop.server)
    .post('/api/order/cod')
    .set('Cookie', customer.cookie)
    .send({
      items: [{ product, quantity: 2 }],
      address: customer.addressId,
      paymentType: 'COD',
      amount: 7.99,
      shippingCharge: 3.99,
      totalVat: 0,
      deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
    });
  expect(res.status).toBe(201);
  return res.body.orderId as string;
}

async function setShipping(shop: Pick<TestApp, 'server' | 'config'>) {
  const seller = await signInSeller(shop);
  await request(shop.server)
    .post('/api/settings/shipping')
    .set('Cookie', seller)
    .send({ shippingCharge: 3.99, shippingThreshold: 40 })
    .expect(200);
  return seller;
}

describe('order e-mails without SMTP_URL', () => {
  afterAll(async () => {
    await t?.close();
  });

  it('queues nothing and sends nothing', async () => {
    t = await createTestApp({ smtpUrl: undefined });
    t.app.get(Clock).now = () => MONDAY_10AM;
    const seller = await setShipping(t);
    const product = await createProduct(t, { name: 'Apples', offerPrice: 200, price: 250 });
    const customer = await newCustomer(t, 'nomail@example.com');
    const orderId = await placeOrder(t, customer, product);
    await request(t.server)
      .put(`/api/order/${orderId}/status`)
      .set('Cookie', seller)
      .send({ status: 'Completed' })
      .expect(200);
    expect(await outboxRows(t.db)).toEqual([]);
  });
});

let t: TestApp;

describe('order e-mails', () => {
  let smtp: Smtp;
  let seller: string;
  let product: string;

  beforeAll(async () => {
    smtp = await startSmtp(SMTP_PORTS[0]);
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${SMTP_PORTS[0]}`,
      mailFrom: 'orders@larder.example',
      mailPollIntervalMs: POLL_MS,
    });
    t.app.get(Clock).now = () => MONDAY_10AM;
    seller = await setShipping(t);
    product = await createProduct(t, { name: 'Apples <Braeburn> & "Gala"', offerPrice: 200, price: 250 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('confirms a placed order with its items, totals, delivery, address and cancel time, escaped in HTML', async () => {
    const customer = await newCustomer(t, 'ann@example.com');
    const orderId = await placeOrder(t, customer, product);
    await waitFor(() => smtp.mails.length === 1, 'the confirmation');

    const mail = smtp.mails[0];
    const ref = orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.subject).toBe(`Your Larder order #${ref} is confirmed`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hello Ann Lee,');
      expect(body).toContain('£4.00');
      expect(body).toContain('£3.99');
      expect(body).toContain('£7.99');
      expect(body).toContain('Tue, 24 Nov 2026, 10:00 - 11:00');
      expect(body).toContain('12 Harbour Way, Bristol, Avon, BS1 4DJ, United Kingdom');
      expect(body).toContain('until 23 Nov 2026, 11:00 (London time)');
      expect(body).toContain('Larder, London, UK');
    }
    expect(mail.text).toContain('2 x Apples <Braeburn> & "Gala"');
    expect(mail.html).toContain('2 x Apples &lt;Braeburn&gt; &amp; &quot;Gala&quot;');
    expect(mail.html).not.toContain('<Braeburn>');

    const placedRow = async () => (await outboxRows(t.db)).find((r) => r.orderId === orderId)!;
    await waitFor(async () => (await placedRow()).sentAt !== null, 'the row marked sent');
    const row = await placedRow();
    expect(row).toMatchObject({ kind: 'order-placed', attempts: 1, sentAt: expect.any(Date) });
    expect(mail.messageId).toBe(`<${row.id}@larder.example>`);
  });

  it('tells the customer when the seller completes the order, once, and not for other changes', async () => {
    const customer = await newCustomer(t, 'bob@example.com');
    const orderId = await placeOrder(t, customer, product);
    const setStatus = (status: string) =>
      request(t.server)
        .put(`/api/order/${orderId}/status`)
        .set('Cookie', seller)
        .send({ status })
        .expect(200);
    await setStatus('Pending');
    await setStatus('Completed');
    await setStatus('Completed');
    const rows = (await outboxRows(t.db)).filter((r) => r.orderId === orderId);
    expect(rows.map((r) => r.kind)).toEqual(['order-placed', 'order-completed']);
    await waitFor(async () => allSent(orderId), 'both e-mails');
    expect(smtp.mails.filter((m) => m.to[0] === 'bob@example.com')).toHaveLength(2);
    const completed = smtp.mails.find((m) => m.to[0] === 'bob@example.com' && /complete$/.test(m.subject));
    expect(completed?.text).toContain('is complete');
    expect(completed?.html).toContain('Larder, London, UK');
  });

  it('tells the customer when their order is cancelled, by themselves or by the seller', async () => {
    const customer = await newCustomer(t, 'cat@example.com');
    const own = await placeOrder(t, customer, product);
    await request(t.server).put(`/api/order/${own}/cancel`).set('Cookie', customer.cookie).expect(200);
    const bySeller = await placeOrder(t, customer, product);
    await request(t.server)
      .put(`/api/order/${bySeller}/status`)
      .set('Cookie', seller)
      .send({ status: 'Cancelled' })
      .expect(200);
    const kinds = (await outboxRows(t.db))
      .filter((r) => r.orderId === own || r.orderId === bySeller)
      .map((r) => `${r.orderId === own ? 'own' : 'seller'}:${r.kind}`);
    expect(kinds.sort()).toEqual([
      'own:order-cancelled',
      'own:order-placed',
      'seller:order-cancelled',
      'seller:order-placed',
    ]);
    await waitFor(async () => (await allSent(own)) && allSent(bySeller), 'four e-mails');
    expect(smtp.mails.filter((m) => m.to[0] === 'cat@example.com')).toHaveLength(4);
    const cancelled = smtp.mails.filter((m) => m.to[0] === 'cat@example.com' && /cancelled$/.test(m.subject));
    expect(cancelled).toHaveLength(2);
    expect(cancelled[0].text).toContain('has been cancelled');
  });

  it('retries while the SMTP server refuses and delivers once it accepts, with the attempts recorded', async () => {
    smtp.failing = true;
    const customer = await newCustomer(t, 'dan@example.com');
    const orderId = await placeOrder(t, customer, product);
    const row = async () => (await outboxRows(t.db)).find((r) => r.orderId === orderId)!;
    // Two attempts refused by the server, and no third one under way yet.
    await waitFor(async () => {
      const current = await row();
      return smtp.refused >= 2 && current.attempts === smtp.refused && current.lastError !== null;
    }, 'two refused attempts');
    const refused = await row();
    expect(refused.sentAt).toBeNull();
    expect(refused.lastError).toContain('Mailbox busy for <[e-mail]>');
    expect(refused.lastError).not.toContain('dan@example.com');
    smtp.failing = false;
    await waitFor(async () => (await row()).sentAt !== null, 'delivery');
    const sent = await row();
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(smtp.mails.filter((m) => m.to[0] === 'dan@example.com')).toHaveLength(1);
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
  });
});

/** One database that several app instances (a restart, or replicas) open in turn or side by side. */
interface SharedDatabase {
  /** Opens an app on it. */
  open(overrides: Partial<AppConfig>): Promise<Shop>;
  drop(): Promise<void>;
}

async function sharedDatabase(mode: 'restart' | 'replicas'): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-mail-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let pglite: PGlite | undefined;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `larder_mail_${crypto.randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else if (mode === 'replicas') {
    // Replicas of one embedded database share its one instance.
    pglite = await pgliteFromTemplate();
  } else {
    // A restart on PGlite: each app opens the files in dataDir, as the shop does after a restart. They start
    // as a copy of the migrated template (initdb and migrations take longer than the test itself).
    const files = createPglite(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([fs.readFileSync(await ensureTemplate())]),
    });
    await files.waitReady;
    await files.close();
  }
  return {
    async open(overrides) {
      const { app, config } = await createApp(
        { nodeEnv: 'test', logLevel: 'silent', seed: false, ...overrides, dataDir, databaseUrl },
        { pglite },
      );
      app.get(Clock).now = () => MONDAY_10AM;
      return {
        server: app.getHttpServer() as Server,
        db: app.get<Database>(DB),
        worker: app.get(OutboxWorker),
        config,
        close: () => app.close(),
      };
    },
    async drop() {
      if (pglite && !pglite.closed) await pglite.close();
      if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the e-mail outbox across restarts and replicas', () => {
  it('delivers what a stopped app left unsent exactly once after the restart', async () => {
    const smtp = await startSmtp(SMTP_PORTS[1]);
    const shared = await sharedDatabase('restart');
    const smtpUrl = `smtp://127.0.0.1:${SMTP_PORTS[1]}`;
    let open: Shop | undefined;
    try {
      // The first app checks its outbox only once an hour: its messages are still waiting when it stops.
      const first = (open = await shared.open({ smtpUrl, mailPollIntervalMs: 3_600_000 }));
      await setShipping(first);
      const product = await createProduct(first, { name: 'Apples', offerPrice: 200, price: 250 });
      for (const email of ['erin@example.com', 'finn@example.com']) {
        await placeOrder(first, await newCustomer(first, email), product);
      }
      expect((await outboxRows(first.db)).map((r) => r.sentAt)).toEqual([null, null]);
      open = undefined;
      await first.close();
      expect(smtp.mails).toHaveLength(0);

      const second = (open = await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS }));
      await waitFor(async () => (await outboxRows(second.db)).every((r) => r.sentAt !== null), 'delivery');
      const rows = await outboxRows(second.db);
      open = undefined;
      await second.close();

      expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['erin@example.com', 'finn@example.com']);
      expect(smtp.mails.map((m) => m.messageId).sort()).toEqual(
        rows.map((r) => `<${r.id}@larder.local>`).sort(),
      );
    } finally {
      await open?.close().catch(() => undefined);
      await shared.drop();
      await smtp.close();
    }
  });

  it('never sends one message twice when two replicas poll the same outbox while 50 orders arrive', async () => {
    const smtp = await startSmtp(SMTP_PORTS[2]);
    const shared = await sharedDatabase('replicas');
    const smtpUrl = `smtp://127.0.0.1:${SMTP_PORTS[2]}`;
    const apps: Shop[] = [];
    try {
      // Both replicas are polling before the first order comes in; each signs its messages with its own
      // sender, so the mail server can tell who sent what.
      const a = await shared.open({
        smtpUrl,
        mailPollIntervalMs: POLL_MS,
        mailFrom: 'orders@replica-a.example',
      });
      apps.push(a);
      apps.push(
        await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS, mailFrom: 'orders@replica-b.example' }),
      );
      const seller = await setShipping(a);
      // 50 orders for one slot: more than its default capacity.
      await request(a.server)
        .post('/api/settings/delivery')
        .set('Cookie', seller)
        .send({ slotCapacity: 100 })
        .expect(200);
      const product = await createProduct(a, { name: 'Apples', offerPrice: 200, price: 250 });
      for (let i = 0; i < 50; i += 1) {
        await placeOrder(a, await newCustomer(a, `replica${i}@example.com`), product);
      }
      await waitFor(async () => (await outboxRows(a.db)).every((r) => r.sentAt !== null), 'delivery');
      const rows = await outboxRows(a.db);
      for (const app of apps.reverse()) await app.close();
      apps.length = 0;

      expect(rows).toHaveLength(50);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      expect(smtp.mails).toHaveLength(50);
      // One Message-ID per outbox row, whichever replica sent it.
      const rowIds = smtp.mails.map((m) => /^<([^@]+)@/.exec(m.messageId)?.[1]);
      expect(new Set(rowIds)).toEqual(new Set(rows.map((r) => r.id)));
      const senders = new Set(smtp.mails.map((m) => m.from));
      expect(senders).toEqual(new Set(['orders@replica-a.example', 'orders@replica-b.example']));
    } finally {
      for (const app of apps) await app.close().catch(() => undefined);
      await shared.drop();
      await smtp.close();
    }
  });

  it('never sends a delivered message again, even when its next attempt time is put in the past and the app restarts', async () => {
    const smtp = await startSmtp(SMTP_PORTS[3]);
    const shared = await sharedDatabase('restart');
    const smtpUrl = `smtp://127.0.0.1:${SMTP_PORTS[3]}`;
    let open: Shop | undefined;
    try {
      const first = (open = await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS }));
      await setShipping(first);
      const product = await createProduct(first, { name: 'Apples', offerPrice: 200, price: 250 });
      await placeOrder(first, await newCustomer(first, 'gail@example.com'), product);
      await waitFor(async () => (await outboxRows(first.db)).every((r) => r.sentAt !== null), 'delivery');
      await first.db.update(emailOutbox).set({ nextAttemptAt: new Date('2026-01-01T00:00:00Z') });
      open = undefined;
      await first.close();

      // After the restart the worker runs: a new order's message goes out, the delivered one does not.
      const second = (open = await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS }));
      await placeOrder(second, await newCustomer(second, 'hal@example.com'), product);
      await waitFor(async () => (await outboxRows(second.db)).every((r) => r.sentAt !== null), 'delivery');
      await moreRounds(second, 3);
      const rows = await outboxRows(second.db);
      open = undefined;
      await second.close();

      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['gail@example.com', 'hal@example.com']);
      expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
    } finally {
      await open?.close().catch(() => undefined);
      await shared.drop();
      await smtp.close();
    }
  });

  it('sends a message once when the app stops while a slow mail server is still taking it, and restarts', async () => {
    const smtp = await startSmtp(SMTP_PORTS[3]);
    smtp.delayMs = 1500;
    const shared = await sharedDatabase('restart');
    const smtpUrl = `smtp://127.0.0.1:${SMTP_PORTS[3]}`;
    let open: Shop | undefined;
    try {
      const first = (open = await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS }));
      await setShipping(first);
      const product = await createProduct(first, { name: 'Apples', offerPrice: 200, price: 250 });
      await placeOrder(first, await newCustomer(first, 'ivy@example.com'), product);
      await waitFor(() => smtp.receiving === 1, 'the mail server receiving the message');
      // Stopped mid-send: the message in hand is finished, nothing more is claimed.
      open = undefined;
      await first.close();
      expect(smtp.mails).toHaveLength(1);

      smtp.delayMs = 0;
      const second = (open = await shared.open({ smtpUrl, mailPollIntervalMs: POLL_MS }));
      await placeOrder(second, await newCustomer(second, 'jo@example.com'), product);
      await waitFor(async () => (await outboxRows(second.db)).every((r) => r.sentAt !== null), 'delivery');
      await moreRounds(second, 3);
      open = undefined;
      await second.close();

      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['ivy@example.com', 'jo@example.com']);
    } finally {
      await open?.close().catch(() => undefined);
      await shared.drop();
      await smtp.close();
    }
  });
});
