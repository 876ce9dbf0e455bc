/**
 * The real application on a fresh database, for API tests over HTTP:
 *
 *   const t = await createTestApp();
 *   await request(t.server).get('/api/product/list').expect(200);
 *   await t.close();
 *
 * Without DATABASE_URL each call gets its own in-memory PGlite started from a migrated template;
 * with DATABASE_URL it gets a throw-away database on that server, dropped by close().
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import type { DestinationStream } from 'pino';
import { createApp } from '../src/app/app.factory';
import { ProductListCache } from '../src/catalog/product-list.cache';
import type { CatalogProduct } from '../src/catalog/product-view';
import type { AppConfig } from '../src/config/app-config';
import type { Database } from '../src/db/database';
import { DB } from '../src/db/database.module';
import { catalogState, products } from '../src/db/schema';
import { type ContractViolation, describeViolations, watchContract } from './contract-check';
import { pgliteFromTemplate } from './pglite-template';

export interface TestApp {
  app: NestFastifyApplication;
  /** For supertest: `request(t.server)`. */
  server: Server;
  db: Database;
  config: AppConfig;
  /** 'pglite' or 'postgres'. */
  engine: 'pglite' | 'postgres';
  /** The in-memory PGlite the app runs on (unset on a server). */
  pglite?: PGlite;
  /** The answers so far that broke the contract, when it is checked (TestAppOptions.checkContract). */
  contractViolations(): readonly ContractViolation[];
  /** Fails (after closing) when an answer broke the contract while it was checked. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra modules mounted into the app (probe controllers). */
  imports?: Type<unknown>[];
  /** Receives the app's log lines (set `logLevel` too, tests default to silent). */
  logStream?: DestinationStream;
  /** False: placing a COD order goes through its Nest route only (see CreateAppOptions). */
  checkoutFastPath?: boolean;
  /**
   * Check every answer against backend/openapi.json (./contract-check.ts); `close()` fails on a violation.
   * On for every test app when CHECK_API_CONTRACT=1 is set.
   */
  checkContract?: boolean;
}

async function withServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Starts the app on a fresh, migrated, unseeded database (pass `{ seed: true }` for the demo catalogue). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let pglite: Awaited<ReturnType<typeof pgliteFromTemplate>> | undefined;

  if (serverUrl) {
    const name = `larder_test_${crypto.randomBytes(6).toString('hex')}`;
    await withServer(serverUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      );
  } else {
    pglite = await pgliteFromTemplate();
  }

  // nestjs-pino writes lines from outside a request with the logger of the first app the module registry saw;
  // an app given a log stream is to write all its lines there, whatever apps came before it.
  if (options.logStream) __resetOutOfContextForTests();

  try {
    const { app, config } = await createApp(
      {
        nodeEnv: 'test',
        logLevel: 'silent',
        seed: false,
        // Pages are rendered on the server only where a test asks for it (web/server-render.spec.ts).
        storefrontServerEntry: undefined,
        ...overrides,
        dataDir,
        databaseUrl,
      },
      {
        pglite,
        imports: options.imports,
        logStream: options.logStream,
        checkoutFastPath: options.checkoutFastPath,
      },
    );
    const server = app.getHttpServer() as Server;
    const contract =
      (options.checkContract ?? process.env.CHECK_API_CONTRACT === '1') ? watchContract(server) : undefined;
    return {
      app,
      config,
      server,
      db: app.get<Database>(DB),
      engine: databaseUrl ? 'postgres' : 'pglite',
      pglite,
      contractViolations: () => contract?.violations ?? [],
      async close() {
        try {
          await app.close();
        } finally {
          contract?.stop();
          await dropDatabase?.();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
        if (contract?.violations.length) {
          throw new Error(
            `Answers that break backend/openapi.json:\n${describeViolations(contract.violations)}`,
          );
        }
      },
    };
  } catch (err) {
    if (pglite && !pglite.closed) await pglite.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A second app on the same database as `t` (another replica), with its own data folder (`dataDir`, which the
 * caller owns). Closing it leaves the server database to `t`; on PGlite it shares `t`'s instance, so close it last.
 */
export async function createReplica(
  t: TestApp,
  dataDir: string,
  overrides: Partial<AppConfig> = {},
): Promise<Omit<TestApp, 'pglite'>> {
  const { app, config } = await createApp(
    { ...t.config, ...overrides, dataDir, databaseUrl: t.config.databaseUrl },
    { pglite: t.pglite },
  );
  return {
    app,
    config,
    server: app.getHttpServer() as Server,
    db: app.get<Database>(DB),
    engine: t.engine,
    contractViolations: () => [],
    close: () => app.close(),
  };
}

/** The columns of a product row a test may set (prices in pence, VAT in basis points). */
export type TestProduct = Omit<CatalogProduct, 'id'>;

let productCounter = 0;

/**
 * Inserts a product row (prices in pence) and bumps the catalogue version; returns its id. Given the app, it
 * returns once the app has been told of the write (a PostgreSQL server notifies it a moment after the commit;
 * PGlite before the write returns), so that the next read of the list sees the product.
 */
export async function createProduct(
  t: Pick<TestApp, 'db'> & Partial<Pick<TestApp, 'app'>>,
  partial: Partial<TestProduct> = {},
): Promise<string> {
  productCounter += 1;
  const row = {
    name: `Test product ${productCounter}`,
    category: 'Vegetables',
    description: ['Fresh and tasty'],
    price: 250,
    offerPrice: 200,
    vatBasisPoints: 0,
    images: ['/uploads/products/test.webp'],
    listed: true,
    // One item, as products stored before pack sizes were optional were given; a test of a product without
    // a pack size says so with nulls.
    netQuantity: 1,
    unit: 'each' as const,
    ...partial,
  };
  const told = t.app ? toldOfNextCatalogueChange(t.app) : undefined;
  const id = await t.db.transaction(async (tx) => {
    const [inserted] = await tx.insert(products).values(row).returning({ id: products.id });
    await tx.update(catalogState).set({ version: sql`${catalogState.version} + 1` });
    return inserted.id;
  });
  await told?.();
  return id;
}

/**
 * Waits for the app's next catalogue notification (for at most two seconds). An app that is not listening (as
 * some tests arrange) is not waited for: it checks the catalogue version on each read instead.
 */
function toldOfNextCatalogueChange(app: NestFastifyApplication): () => Promise<void> {
  const cache = app.get(ProductListCache);
  if (!cache.watching) return () => Promise.resolve();
  let stop: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    stop = cache.onChange(() => resolve());
  });
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([told, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
    clearTimeout(timer);
    stop();
  };
}
