import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { CATALOG_CHANNEL } from '../src/catalog/product-list.cache';
import type { DatabaseHandle } from '../src/db/database';
import { DATABASE_HANDLE } from '../src/db/database.module';
import type { TestApp } from './harness';
import { waitFor } from './wait-for';

export interface ListedProduct {
  _id: string;
  name: string;
  inStock: boolean;
  stock: number | null;
  [field: string]: unknown;
}

/**
 * Reads `/api/product/list` until `seen` holds for it and answers that list, for at most `withinMs`. On a
 * PostgreSQL server the process hears of a write (an order taking stock, another replica's edit) by a notification
 * a moment after the commit, so a list read straight after a write may still be the one before it; the news
 * usually arrives within milliseconds, and the bound is wide so that a loaded machine does not fail the test.
 */
export async function waitForList(
  server: Server,
  seen: (products: ListedProduct[]) => boolean,
  withinMs = 5000,
): Promise<ListedProduct[]> {
  const started = Date.now();
  for (;;) {
    const res = await request(server).get('/api/product/list').expect(200);
    const products = res.body.products as ListedProduct[];
    if (seen(products)) return products;
    if (Date.now() - started > withinMs) {
      throw new Error(
        `the list did not change within ${withinMs} ms: ${JSON.stringify(products).slice(0, 500)}`,
      );
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The product `id` as listed, once `seen` holds for it (see waitForList). */
export async function waitForListed(
  server: Server,
  id: string,
  seen: (product: ListedProduct) => boolean,
  withinMs?: number,
): Promise<ListedProduct | undefined> {
  const products = await waitForList(
    server,
    (list) => {
      const product = list.find((p) => p._id === id);
      return product !== undefined && seen(product);
    },
    withinMs,
  );
  return products.find((p) => p._id === id);
}

/**
 * Returns once every catalogue notification committed so far has reached this process. A PostgreSQL server
 * delivers them on the listening connection a moment after each commit, in commit order, so a marker sent now
 * arrives after all of them (and the catalogue's own listener, on the same connection, has heard them too).
 * On PGlite they arrive before the write returns, and this returns at once.
 */
export async function catalogueNotificationsHeard(t: TestApp): Promise<void> {
  const marker = `heard-${randomUUID()}`;
  let heard = false;
  const stop = await t.app.get<DatabaseHandle>(DATABASE_HANDLE).subscribe(CATALOG_CHANNEL, {
    onNotify: (payload) => {
      if (payload === marker) heard = true;
    },
    onSubscribed: () => undefined,
    onLost: () => undefined,
  });
  try {
    await t.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${marker})`);
    await waitFor(() => heard, 'the catalogue notifications sent so far');
  } finally {
    await stop();
  }
}
