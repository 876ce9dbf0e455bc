import fs from 'node:fs';
import request from 'supertest';
import { waitFor } from '../../test/wait-for';
import {
  DELIVERY_SLOTS,
  MESSAGES,
  perOrderLimitMessage,
  tooManyOpenOrdersMessage,
} from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { builtShopDirs, builtShopFolder, storefrontServerBuild } from '../../test/storefront-build';
import { signInCustomerWithAddress } from '../../test/auth-helpers';
import { emailOutbox } from '../db/schema';
import { insertProductImages } from '../db/product-images';
import { Clock } from '../common/clock';
import { refusalReason } from './metrics';
import { MetricsServer } from './metrics-server';
import { addressOf } from '../../test/fixtures';

/** Monday 23 November 2026, 10:00 in London: the selectable delivery date is Tuesday the 24th. */
const MONDAY_10AM = new Date('2026-11-23T10:00:00Z');
const TUESDAY = '2026-11-24';

/** The value of one sample line of a Prometheus text answer, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics on METRICS_PORT', () => {
  let t: TestApp;
  let metricsUrl: string;
  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    t = await createTestApp({ metricsPort: 0, host: '127.0.0.1' });
    t.app.get(Clock).now = () => MONDAY_10AM;
    metricsUrl = `http://127.0.0.1:${t.app.get(MetricsServer).port}/metrics`;
  });
  afterAll(() => t?.close());

  it('listens on loopback, not on the address the shop serves on, unless METRICS_HOST says otherwise', async () => {
    const open = await createTestApp({ metricsPort: 0, host: '0.0.0.0' });
    try {
      expect(open.app.get(MetricsServer).address).toBe('127.0.0.1');
    } finally {
      await open.close();
    }
  });

  it('is off unless METRICS_PORT is set', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.get(MetricsServer).port).toBeUndefined();
    } finally {
      await plain.close();
    }
    // The shop's own port does not serve the figures.
    const res = await request(t.server).get('/metrics');
    expect(res.text).not.toContain('larder_http_request_duration_seconds');
  });

  it('times requests by route pattern and status, not by raw URL', async () => {
    const unmatched =
      'larder_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    const unmatchedBefore = sample(await scrape(), unmatched) ?? 0;
    const bytes = Buffer.from('not really a picture');
    await insertProductImages(t.db, [
      { name: 'metered-1.webp', pictureId: 'metered-1', width: 1, format: 'webp', bytes },
    ]);
    await request(t.server).get('/uploads/products/metered-1.webp').expect(200);
    await request(t.server).get('/uploads/products/metered-2.webp').expect(404);
    await request(t.server).get('/api/no-such-route').expect(404);
    const text = await scrape();
    const route = 'route="/uploads/products/:name"';
    expect(
      sample(text, `larder_http_request_duration_seconds_count{method="GET",${route},status="200"}`),
    ).toBe(1);
    expect(
      sample(text, `larder_http_request_duration_seconds_count{method="GET",${route},status="404"}`),
    ).toBe(1);
    expect(sample(text, unmatched)).toBe(unmatchedBefore + 1);
    expect(text).not.toContain('metered-1');
  });

  it('counts orders placed and refused by reason, and times checkouts', async () => {
    const product = await createProduct(t, {
      name: 'Metered Pears',
      price: 5000,
      offerPrice: 5000,
      stock: 1,
    });
    const buyer = (n: number) =>
      signInCustomerWithAddress(
        t,
        { email: `metrics-${n}@example.com`, firstName: 'Met', lastName: `Ric${n}`, phone: '07700 900789' },
        addressOf(n),
      );
    const place = (c: { cookie: string; addressId: string }) =>
      request(t.server)
        .post('/api/order/cod')
        .set('Cookie', c.cookie)
        .send({
          items: [{ product, quantity: 1, vat: 0 }],
          address: c.addressId,
          paymentType: 'COD',
          amount: 50,
          shippingCharge: 0,
          totalVat: 0,
          deliverySlot: { date: TUESDAY, time: DELIVERY_SLOTS[2] },
        });
    await place(await buyer(1)).expect(201);
    const refused = await place(await buyer(2)).expect(409);
    expect(refusalReason(409, refused.body.message)).toBe('out_of_stock');
    await request(t.server).post('/api/order/cod').send({}).expect(401);

    const text = await scrape();
    expect(sample(text, 'larder_orders_placed_total{payment="cod"}')).toBe(1);
    expect(sample(text, 'larder_orders_refused_total{payment="cod",reason="out_of_stock"}')).toBe(1);
    expect(sample(text, 'larder_orders_refused_total{payment="cod",reason="unauthorised"}')).toBe(1);
    expect(sample(text, 'larder_checkout_duration_seconds_count{payment="cod",outcome="placed"}')).toBe(1);
    expect(sample(text, 'larder_checkout_duration_seconds_count{payment="cod",outcome="refused"}')).toBe(2);
  });

  it('reports the outbox backlog and the age of its oldest unsent message', async () => {
    await t.db.delete(emailOutbox);
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.db.insert(emailOutbox).values([
      {
        kind: 'test',
        recipient: 'a@example.com',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        createdAt: hourAgo,
      },
      { kind: 'test', recipient: 'b@example.com', subject: 's', textBody: 't', htmlBody: 'h' },
      {
        kind: 'test',
        recipient: 'c@example.com',
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        sentAt: new Date(0),
        createdAt: new Date(0),
      },
    ]);
    // A scrape reads the outbox at most once a second: wait for one that has read these rows.
    let text = '';
    await waitFor(
      async () => {
        text = await scrape();
        return sample(text, 'larder_email_outbox_backlog') === 2;
      },
      'a scrape that counts the two unsent messages',
      10_000,
    );
    expect(sample(text, 'larder_email_outbox_backlog')).toBe(2);
    const age = sample(text, 'larder_email_outbox_oldest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3599);
    expect(age).toBeLessThan(3700);
  });

  it('reports event-loop lag, and the connection pool on a server', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (t.engine === 'postgres') {
      expect(sample(text, 'larder_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'larder_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      // PGlite runs in the process: there is no pool to report.
      expect(text).not.toContain('larder_db_pool_connections{');
    }
  });
});

describe('metrics of the shop pages, scraped after real page requests', () => {
  let t: TestApp;
  let root: string;
  let metricsUrl: string;

  beforeAll(async () => {
    root = builtShopFolder(
      'larder-metered-pages-',
      '<!doctype html><html><head><title>Larder</title></head><body><div id="root"></div></body></html>',
      {
        // A storefront build that renders every page but those under /products/broken-, which it cannot.
        'storefront/dist/server/remoteEntry.js': storefrontServerBuild(`async ({ url }) => {
          if (url.startsWith('/products/broken-')) throw new Error('cannot render ' + url);
          return { html: '<h1>' + url + '</h1>', state: {} };
        }`),
      },
    );
    t = await createTestApp({
      metricsPort: 0,
      host: '127.0.0.1',
      ...builtShopDirs(root),
      ssrBuildCheckMs: 0,
    });
    metricsUrl = `http://127.0.0.1:${t.app.get(MetricsServer).port}/metrics`;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string) => request(t.server).get(url).set('accept', 'text/html').expect(200);

  it('counts renders, cache lookups and page answers by route pattern', async () => {
    const first = await page('/products/dairy');
    expect(first.text).toContain('<h1>/products/dairy</h1>');
    await page('/products/dairy');
    await page('/products/dairy');
    const fallback = await page('/products/broken-shelf');
    expect(fallback.text).not.toContain('<h1>');

    const text = await (await fetch(metricsUrl)).text();
    expect(sample(text, 'larder_page_render_duration_seconds_count{outcome="rendered"}')).toBe(1);
    expect(sample(text, 'larder_page_render_duration_seconds_count{outcome="fallback"}')).toBe(1);
    expect(sample(text, 'larder_page_cache_total{result="miss"}')).toBe(2);
    expect(sample(text, 'larder_page_cache_total{result="hit"}')).toBe(2);
    expect(sample(text, 'larder_page_cache_total{result="fallback"}')).toBe(1);
    expect(
      sample(
        text,
        'larder_http_request_duration_seconds_count{method="GET",route="/products/:category",status="200"}',
      ),
    ).toBe(4);
    expect(text).not.toContain('dairy');
  });
});

describe('refusalReason', () => {
  it('tells the limits against hoarding apart from other conflicts', () => {
    expect(refusalReason(409, perOrderLimitMessage('Free Range Eggs x12', 6))).toBe('per_order_limit');
    expect(refusalReason(409, tooManyOpenOrdersMessage(3))).toBe('open_orders_limit');
    expect(refusalReason(409, tooManyOpenOrdersMessage(1))).toBe('open_orders_limit');
    expect(refusalReason(409, MESSAGES.orderNotChangeable)).toBe('conflict');
  });
});
