/**
 * The backup round trip: a trading shop (orders, stock, booked slots, outbox e-mails, uploaded pictures) is
 * dumped by its engine's own tool and restored into a fresh database of the other engine; every row and
 * picture must come back equal, and the shop on the restored database serves them and takes a checkout.
 * On PGlite alone the round trip is PGlite to PGlite; with DATABASE_URL it runs both ways between engines.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import request from 'supertest';
import { Client } from 'pg';
import { DELIVERY_SLOTS } from '@larder/shared-domain';
import { createApp } from '../app/app.factory';
import { createPglite } from '../db/database';
import { createTestApp, TestApp } from '../../test/harness';
import { signInCustomerWithAddress, signInSeller } from '../../test/auth-helpers';
import { emailOutbox } from '../db/schema';
import { Clock } from '../common/clock';
import { waitForListed } from '../../test/product-list';
import {
  backup,
  BackupError,
  loadableSql,
  pgDumpCommand,
  readBackupInfo,
  restore,
  runPgDump,
  shopTables,
  Target,
} from './backup';
import { addressOf } from '../../test/fixtures';

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';
const serverUrl = process.env.DATABASE_URL;
// A new PGlite data folder (initdb) and a restore into it take 20-30 s on a quiet 2-core machine.
jest.setTimeout(180_000);
type Engine = 'pglite' | 'postgres';

/** A test app on the given engine, whatever this run's DATABASE_URL says. */
async function testAppOn(engine: Engine): Promise<TestApp> {
  if (engine === 'postgres') return createTestApp();
  delete process.env.DATABASE_URL;
  try {
    return await createTestApp();
  } finally {
    if (serverUrl) process.env.DATABASE_URL = serverUrl;
  }
}

/** An empty database to restore into: a throw-away one on the server, or a new PGlite data folder. */
interface EmptyDatabase {
  target: Target;
  /** The app's settings for that database. */
  app: { databaseUrl?: string; dataDir: string };
  /** Closes what the test opened (the PGlite instance before the app opens the folder). */
  release(): Promise<void>;
  drop(): Promise<void>;
}

async function emptyDatabase(engine: Engine): Promise<EmptyDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-restore-'));
  if (engine === 'postgres') {
    const name = `larder_restore_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return {
      target: { databaseUrl: url.toString() },
      app: { databaseUrl: url.toString(), dataDir },
      release: async () => undefined,
      drop: async () => {
        await admin(`drop database if exists ${name} with (force)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  let pglite: PGlite | undefined = createPglite(path.join(dataDir, 'pglite'));
  await pglite.waitReady;
  return {
    target: { pglite },
    app: { databaseUrl: undefined, dataDir },
    release: async () => {
      await pglite?.close();
      pglite = undefined;
    },
    drop: async () => {
      await pglite?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every row of every shop table, as text, in a stable order (times in UTC, bytes as hex). */
async function contents(target: Target): Promise<Record<string, string>> {
  const tables = await shopTables(target);
  const out: Record<string, string> = {};
  const run = async (query: (sql: string) => Promise<Array<{ rows: string }>>) => {
    for (const table of tables) {
      const [row] = await query(
        `select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from ${table} t`,
      );
      out[table] = row.rows;
    }
  };
  const settings = "set timezone to 'UTC'; set datestyle to 'ISO, YMD'; set extra_float_digits to 3";
  if ('pglite' in target) {
    await target.pglite.exec(settings);
    await run(async (sql) => (await target.pglite.query<{ rows: string }>(sql)).rows);
  } else {
    const c = new Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      await c.query(settings);
      await run(async (sql) => (await c.query(sql)).rows);
    } finally {
      await c.end();
    }
  }
  return out;
}

const directions: Array<[Engine, Engine]> = serverUrl
  ? [
      ['pglite', 'postgres'],
      ['postgres', 'pglite'],
    ]
  : [['pglite', 'pglite']];

describe.each(directions)('backup from %s, restore into %s', (from, to) => {
  let shop: TestApp;
  let source: Target;
  let file: string;
  let picture: string;
  let pictureBytes: Buffer;
  let product: string;
  let empty: EmptyDatabase;

  const order = (server: Server, c: { cookie: string; addressId: string }, quantity: number) =>
    request(server)
      .post('/api/order/cod')
      .set('Cookie', c.cookie)
      .send({
        items: [{ product, quantity, vat: 0 }],
        address: c.addressId,
        paymentType: 'COD',
        amount: 5 * quantity,
        shippingCharge: 0,
        totalVat: 0,
        deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[0] },
      });
  const customer = (server: Server, n: number) =>
    signInCustomerWithAddress(
      { server },
      { email: `backup-${n}@example.com`, firstName: 'Back', lastName: `Up${n}`, phone: '07700 900123' },
      addressOf(n),
    );

  beforeAll(async () => {
    shop = await testAppOn(from);
    shop.app.get(Clock).now = () => MONDAY_10AM;
    source = shop.pglite ? { pglite: shop.pglite } : { databaseUrl: shop.config.databaseUrl! };
    // £5 units: every order here is over the free-shipping threshold, so its total is the goods.
    const seller = await signInSeller(shop);
    const upload = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#dd8822' } })
      .jpeg()
      .toBuffer();
    const added = await request(shop.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field(
        'productData',
        JSON.stringify({
          name: 'Backed-up Oranges',
          category: 'Fruits',
          price: 5,
          offerPrice: 5,
          vat: 0,
          stock: 40,
          // A whole crate in one order: above the shop's default limit per product.
          maxPerOrder: 40,
          netQuantity: 6,
          unit: 'each',
        }),
      )
      .attach('images', upload, 'oranges.jpg')
      .expect(201);
    product = added.body.product._id;
    picture = added.body.product.image[0];
    pictureBytes = (await request(shop.server).get(picture).buffer(true).expect(200)).body as Buffer;
    const first = await order(shop.server, await customer(shop.server, 1), 30);
    expect(first.status).toBe(201);
    // An e-mail waiting in the outbox (no SMTP server in tests, so none is written by the order itself).
    await shop.db.insert(emailOutbox).values({
      kind: 'order-placed',
      orderId: first.body.orderId,
      recipient: 'backup-1@example.com',
      subject: 'Your Larder order',
      textBody: 'Thank you',
      htmlBody: '<p>Thank you</p>',
    });

    file = await backup(source);
    empty = await emptyDatabase(to);
  });
  afterAll(async () => {
    await empty?.drop();
    await shop?.close();
  });

  it('writes one plain SQL file that records its engine and schema level, with the pictures in it', () => {
    const info = readBackupInfo(file);
    expect(info).toMatchObject({ format: 1, engine: from });
    expect(info.migrations).toBeGreaterThanOrEqual(8);
    expect(file).toContain('INSERT INTO "public"."product_images"');
    expect(file).toContain('INSERT INTO "public"."email_outbox"');
    expect(file).not.toMatch(/^COPY /m);
    expect(file).not.toMatch(/OWNER TO|^GRANT /m);
  });

  it('restores every row and picture exactly', async () => {
    const before = await contents(source);
    expect(before['public.orders'].split('\n')).toHaveLength(1);
    expect(before['public.email_outbox']).not.toBe('');
    expect(before['public.delivery_slot_bookings']).toContain(TUESDAY);
    expect(before['public.product_images'].split('\n')).toHaveLength(2);
    await restore(file, empty.target);
    const after = await contents(empty.target);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
  });

  it('refuses a database that is not empty unless forced, and a file from a newer schema', async () => {
    await expect(restore(file, empty.target)).rejects.toThrow(/not empty.*--force/);
    const info = readBackupInfo(file);
    const newer = file.replace(
      /^.*\n/,
      `-- larder-backup ${JSON.stringify({ ...info, migrations: info.migrations + 1, lastMigrationAt: info.lastMigrationAt + 1 })}\n`,
    );
    await expect(restore(newer, empty.target, { force: true })).rejects.toThrow(/newer version/);
    await expect(restore('select 1;', empty.target)).rejects.toThrow(BackupError);
    // Forced, it replaces what is there with the file's contents.
    await restore(file, empty.target, { force: true });
    expect(await contents(empty.target)).toEqual(await contents(source));
  });

  it('serves the restored shop, its pictures included, and takes a checkout on it', async () => {
    await empty.release();
    const { app } = await createApp({
      nodeEnv: 'test',
      logLevel: 'silent',
      seed: false,
      storefrontServerEntry: undefined,
      ...empty.app,
    });
    try {
      app.get(Clock).now = () => MONDAY_10AM;
      const server = app.getHttpServer() as Server;
      const list = await request(server).get('/api/product/list').expect(200);
      expect(list.body.products).toEqual([
        expect.objectContaining({ _id: product, name: 'Backed-up Oranges', stock: 10, image: [picture] }),
      ]);
      const served = await request(server).get(picture).buffer(true).expect(200);
      expect(Buffer.compare(served.body as Buffer, pictureBytes)).toBe(0);
      // The stock carries on from where the old database stopped.
      const refused = await order(server, await customer(server, 2), 11).expect(409);
      expect(refused.body.message).toBe('Only 10 left of Backed-up Oranges');
      const placed = await order(server, await customer(server, 3), 10).expect(201);
      expect(placed.body.success).toBe(true);
      const after = await waitForListed(server, product, (p) => p.stock !== 10);
      expect(after).toMatchObject({ stock: 0, inStock: false });
    } finally {
      await app.close();
    }
  });
});

describe('loadableSql', () => {
  it('drops what one engine writes and the other refuses', () => {
    const dump = [
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      '\\restrict abc',
      'select 1;',
    ].join('\n');
    expect(loadableSql(dump)).toBe(['SET statement_timeout = 0;', 'select 1;'].join('\n'));
  });
});

describe('pg_dump of a PostgreSQL server', () => {
  it('is given the password through its environment, never on its command line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-pgdump-'));
    const seen = path.join(dir, 'seen.txt');
    const fake = path.join(dir, 'pg_dump');
    // Records what the process list and its environment show, and dumps one statement.
    fs.writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$*" "$PGPASSWORD" > '${seen}'\necho 'select 1;'\n`, {
      mode: 0o755,
    });
    const before = process.env.PG_DUMP;
    process.env.PG_DUMP = fake;
    try {
      const sql = await runPgDump('postgres://larder:s3cret%2Fword@db.internal:5432/shop?sslmode=require');
      expect(sql).toBe('select 1;\n');
      const [commandLine, password] = fs.readFileSync(seen, 'utf8').split('\n');
      expect(commandLine).not.toContain('s3cret');
      expect(commandLine).toContain('--dbname=postgres://larder@db.internal:5432/shop?sslmode=require');
      expect(password).toBe('s3cret/word');
    } finally {
      if (before === undefined) delete process.env.PG_DUMP;
      else process.env.PG_DUMP = before;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a password given as a URL parameter out of the command line too', () => {
    const { args, env } = pgDumpCommand(
      'postgresql://larder@db.internal/shop?password=hunter2&sslmode=require',
    );
    expect(args.join(' ')).not.toContain('hunter2');
    expect(args).toContain('--dbname=postgresql://larder@db.internal/shop?sslmode=require');
    expect(env.PGPASSWORD).toBe('hunter2');
  });
});
