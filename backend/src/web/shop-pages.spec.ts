import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { builtShopDirs, builtShopFolder, storefrontServerBuild } from '../../test/storefront-build';
import { Clock } from '../common/clock';
import { Metrics } from '../metrics/metrics';

/**
 * Numbers each render, and shows what a page depends on: the visitor, the catalogue's size, the shipping
 * fee and who the shop is (its saved business details). Pages under /products/slow- first wait for the gate server (GATE is replaced by its address).
 */
const RENDER = `async ({ url, fetch }) => {
  const n = ++renders;
  if (url.startsWith('/products/slow-')) await (await globalThis.fetch('GATE' + url)).text();
  const origin = 'http://larder.internal';
  const session = await fetch(origin + '/api/user/is-auth');
  const answer = await session.json();
  const who = answer.success ? answer.user.email : 'nobody';
  const list = await (await fetch(origin + '/api/product/list')).json();
  const shipping = await (await fetch(origin + '/api/settings/shipping')).json();
  const { business } = await (await fetch(origin + '/api/settings/business')).json();
  return {
    html: '<p>render ' + n + '</p><p>' + who + '</p><p>' + list.products.length + ' products</p>' +
      '<p>shipping ' + shipping.shippingCharge + '</p>' + '<p>url ' + url + '</p>' +
      '<p>business ' + (business ? business.legalName : 'none') + '</p>' +
      '<p>' + 'Fresh bread '.repeat(200) + '</p>',
    state: {},
  };
}`;

const CLIENT_RENDERED = '<div id="root"><p role="status">Loading Larder…</p></div>';

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  return html.slice(start, html.indexOf('</div>', start) + 6);
}

function renderNumber(html: string): number | undefined {
  const n = /<p>render (\d+)<\/p>/.exec(html)?.[1];
  return n === undefined ? undefined : Number(n);
}

/** An HTTP server that holds every request until opened, and tells who is waiting. */
function gateServer() {
  const waiting: { url: string; res: http.ServerResponse }[] = [];
  const arrivals: ((url: string) => void)[] = [];
  let open = false;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    // No keep-alive: the render's fetch leaves no connection open behind the test.
    res.setHeader('connection', 'close');
    if (open) res.end('ok');
    else waiting.push({ url, res });
    arrivals.shift()?.(url);
  });
  return {
    server,
    /** Resolves with the URL of the next request to arrive. */
    nextArrival: () => new Promise<string>((resolve) => arrivals.push(resolve)),
    open() {
      open = true;
      for (const w of waiting.splice(0)) w.res.end('ok');
    },
    shut() {
      open = false;
    },
    close() {
      open = true;
      for (const w of waiting.splice(0)) w.res.end('ok');
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** GET `url` from the local address `from` (a loopback address of its own): the status, headers and text. */
function pageFrom(server: http.Server, from: string, url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      if (!server.listening) server.listen(0, '127.0.0.1');
      const send = () => {
        const { port } = server.address() as AddressInfo;
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: url,
            localAddress: from,
            agent: false,
            headers: { accept: 'text/html' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          },
        );
        req.on('error', reject);
      };
      if (server.listening) send();
      else server.once('listening', send);
    },
  );
}

describe('shop pages kept in memory', () => {
  let t: TestApp;
  let root: string;
  let entry: string;
  let gate: ReturnType<typeof gateServer>;
  let gateUrl: string;
  let deploys = 1;

  const deploy = (render: string) => {
    fs.writeFileSync(entry, storefrontServerBuild(render.replace('GATE', gateUrl)));
    const later = new Date(Date.now() + 5_000 * deploys++);
    fs.utimesSync(entry, later, later);
  };

  const page = (url: string, headers: Record<string, string> = {}) =>
    request(t.server)
      .get(url)
      .set({ accept: 'text/html', ...headers });

  /** Reads the page until `seen` holds for it (a PostgreSQL server notifies this process a moment later). */
  async function eventually(
    url: string,
    seen: (html: string) => boolean,
    withinMs = 10_000,
  ): Promise<string> {
    const started = Date.now();
    for (;;) {
      const res = await page(url).expect(200);
      if (seen(res.text)) return res.text;
      if (Date.now() - started > withinMs) throw new Error(`${url} did not change within ${withinMs} ms`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  beforeAll(async () => {
    gate = gateServer();
    await new Promise<void>((resolve) => gate.server.listen(0, '127.0.0.1', resolve));
    gateUrl = `http://127.0.0.1:${(gate.server.address() as AddressInfo).port}`;
    root = builtShopFolder(
      'larder-pages-',
      '<!doctype html><html><head><title>Larder</title><link rel="stylesheet" href="/bootstrap.5a1e.css"></head>' +
        '<body><div id="root"><p role="status">Loading Larder…</p></div><noscript>Larder needs JavaScript to run in your browser.</noscript></body></html>',
      { 'host-shell/dist/bootstrap.5a1e.css': 'main{padding:1rem}' },
    );
    entry = path.join(root, 'storefront/dist/server/remoteEntry.js');
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    deploy(RENDER);
    t = await createTestApp({
      seed: true,
      ...builtShopDirs(root),
      storefrontServerEntry: entry,
      ssrConcurrency: 1,
      ssrQueueLength: 1,
      ssrTimeoutMs: 2000,
      ssrBuildCheckMs: 0,
      ssrRendersPerAddress: 1,
    });
  });
  afterAll(async () => {
    await t?.close();
    await gate.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders an anonymous page once and then answers it from memory, compressed, with an ETag', async () => {
    const first = await page('/products/dairy').expect(200);
    const n = renderNumber(first.text)!;
    expect(n).toBeGreaterThan(0);
    expect(first.text).toContain('<p>nobody</p>');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding, cookie');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await page('/products/dairy').expect(200);
    expect(renderNumber(again.text)).toBe(n);
    expect(again.headers.etag).toBe(etag);
    // A query the page reads is another page.
    expect(renderNumber((await page('/products/dairy?diet=vegan').expect(200)).text)).toBe(n + 1);

    const fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fastify.inject({
        url: '/products/dairy',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = res.rawPayload;
      const html = (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString();
      expect(html).toBe(first.text);
      expect(body.length).toBeLessThan(first.text.length / 2);
    }

    const notModified = await page('/products/dairy', { 'if-none-match': etag }).expect(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    await page('/products/dairy', { 'if-none-match': '"something-else"' }).expect(200);
  });

  it("times a page under its route's pattern from the storefront's table, rendered or sent from memory", async () => {
    const count = async () => {
      const text = await t.app.get(Metrics).registry.metrics();
      const series =
        'larder_http_request_duration_seconds_count{method="GET",route="/products/:category/:id",status="200"} ';
      const line = text.split('\n').find((l) => l.startsWith(series));
      return line ? Number(line.slice(series.length)) : 0;
    };
    const before = await count();
    const first = await page('/products/bakery/timed-loaf').expect(200);
    const again = await page('/products/bakery/timed-loaf').expect(200);
    expect(renderNumber(again.text)).toBe(renderNumber(first.text));
    expect(await count()).toBe(before + 2);
  });

  it('renders the page again after a catalogue change', async () => {
    const before = await page('/products').expect(200);
    const count = Number(/<p>(\d+) products<\/p>/.exec(before.text)![1]);
    expect(renderNumber((await page('/products').expect(200)).text)).toBe(renderNumber(before.text));

    await createProduct(t, { name: 'Pea shoots' });
    const after = await eventually('/products', (html) => html.includes(`<p>${count + 1} products</p>`));
    expect(renderNumber(after)).toBeGreaterThan(renderNumber(before.text)!);
    await page('/products', { 'if-none-match': before.headers.etag as string }).expect(200);
  });

  it('renders the page again after a settings change', async () => {
    const before = await page('/home').expect(200);
    expect(renderNumber((await page('/home').expect(200)).text)).toBe(renderNumber(before.text));

    const seller = await signInSeller(t);
    await request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', seller)
      .send({ shippingCharge: 4.25, shippingThreshold: 50 })
      .expect(200);
    const after = await eventually('/home', (html) => html.includes('<p>shipping 4.25</p>'));
    expect(renderNumber(after)).toBeGreaterThan(renderNumber(before.text)!);
  });

  it('renders the page again once the business details are saved (the footer names the shop)', async () => {
    const before = await page('/home').expect(200);
    expect(before.text).toContain('<p>business none</p>');
    expect(renderNumber((await page('/home').expect(200)).text)).toBe(renderNumber(before.text));

    const seller = await signInSeller(t);
    await request(t.server)
      .post('/api/settings/business')
      .set('Cookie', seller)
      .send({
        legalName: 'Larder Foods Ltd',
        address: '1 Wine Street, Bristol BS1 2AA',
        email: 'hello@larder.test',
        phone: '0117 496 0000',
      })
      .expect(200);
    const after = await eventually('/home', (html) => html.includes('<p>business Larder Foods Ltd</p>'));
    expect(renderNumber(after)).toBeGreaterThan(renderNumber(before.text)!);
  });

  it('renders the page again when the delivery date moves at 15:00 London time, not before', async () => {
    const clock = t.app.get(Clock);
    const realNow = clock.now;
    try {
      // 10 June 2026: London is on BST (UTC+1), so 15:00 London is 14:00 UTC.
      clock.now = () => new Date('2026-06-10T09:00:00Z');
      const morning = renderNumber((await page('/products/bakery').expect(200)).text);
      clock.now = () => new Date('2026-06-10T13:59:59Z');
      expect(renderNumber((await page('/products/bakery').expect(200)).text)).toBe(morning);
      clock.now = () => new Date('2026-06-10T14:00:00Z');
      const afternoon = renderNumber((await page('/products/bakery').expect(200)).text);
      expect(afternoon).toBeGreaterThan(morning!);
      clock.now = () => new Date('2026-06-10T22:30:00Z');
      expect(renderNumber((await page('/products/bakery').expect(200)).text)).toBe(afternoon);
    } finally {
      clock.now = realNow;
    }
  });

  it("renders a signed-in visitor's page for them alone: never kept, never from memory, no-store", async () => {
    const anonymous = await page('/products/fruits').expect(200);
    const cookie = await signInCustomer(t, { email: 'kept-out@example.com' });

    const mine = await page('/products/fruits', { cookie }).expect(200);
    expect(mine.text).toContain('<p>kept-out@example.com</p>');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(renderNumber(mine.text)).toBeGreaterThan(renderNumber(anonymous.text)!);
    const mineAgain = await page('/products/fruits', { cookie }).expect(200);
    expect(renderNumber(mineAgain.text)).toBe(renderNumber(mine.text)! + 1);
    // The anonymous page's ETag does not stand for the signed-in page.
    await page('/products/fruits', { cookie, 'if-none-match': anonymous.headers.etag as string }).expect(200);

    const stillAnonymous = await page('/products/fruits').expect(200);
    expect(stillAnonymous.text).toBe(anonymous.text);
    // Both carry the style sheet: the first paint waits for the document alone.
    expect(anonymous.text).toContain('<style data-href="/bootstrap.5a1e.css">main{padding:1rem}</style>');
    expect(mine.text).toContain('<style data-href="/bootstrap.5a1e.css">main{padding:1rem}</style>');
    expect(mine.text).not.toContain('<link rel="stylesheet" href="/bootstrap.5a1e.css">');

    // A page first asked for by a signed-in visitor is rendered afresh, as nobody, for the next visitor.
    const personalFirst = await page('/products/drinks', { cookie }).expect(200);
    expect(personalFirst.text).toContain('kept-out@example.com');
    const next = await page('/products/drinks', { cookie: 'theme=dark' }).expect(200);
    expect(next.text).toContain('<p>nobody</p>');
    expect(next.text).not.toContain('kept-out@example.com');
    expect(renderNumber(next.text)).toBe(renderNumber(personalFirst.text)! + 1);
  });

  it('queues renders beyond those running, and sends the page to be rendered in the browser when the queue is full', async () => {
    const startedA = gate.nextArrival();
    const a = page('/products/slow-a').then((res) => res);
    expect(await startedA).toBe('/products/slow-a');
    // One render runs (held at the gate) and one may wait: of the next two, one waits and one is turned away.
    // From other addresses: each address has one render at a time.
    const b = pageFrom(t.server, '127.0.0.2', '/products/slow-b').then((res) => ({
      url: '/products/slow-b',
      res,
    }));
    const c = pageFrom(t.server, '127.0.0.3', '/products/slow-c').then((res) => ({
      url: '/products/slow-c',
      res,
    }));
    const turnedAway = await Promise.race([b, c]);
    expect(rootOf(turnedAway.res.text)).toBe(CLIENT_RENDERED);
    expect(turnedAway.res.text).toContain('<noscript>');
    expect(turnedAway.res.headers['cache-control']).toBe('no-cache');
    expect(turnedAway.res.headers.etag).toBeUndefined();

    const queuedStarts = gate.nextArrival();
    gate.open();
    const [resA, { res: resB }, { res: resC }] = await Promise.all([a, b, c]);
    const queued = turnedAway.url === '/products/slow-b' ? resC : resB;
    expect(await queuedStarts).not.toBe(turnedAway.url);
    expect(rootOf(resA.text)).toContain('data-rendered="storefront"');
    expect(rootOf(queued.text)).toContain('data-rendered="storefront"');
    // The page turned away was not kept: it is rendered now.
    expect(rootOf((await page(turnedAway.url).expect(200)).text)).toContain('data-rendered="storefront"');
  });

  it('renders and keeps a page for the query parameters its route reads alone, in their order', async () => {
    const first = await page(
      '/products/fruits?utm_source=mail&diet=vegan&freeFrom=milk&freeFrom=gluten',
    ).expect(200);
    const n = renderNumber(first.text)!;
    expect(first.text).toContain('<p>url /products/fruits?freeFrom=milk&freeFrom=gluten&diet=vegan</p>');
    for (const url of [
      '/products/fruits?freeFrom=milk&freeFrom=gluten&diet=vegan',
      '/products/fruits?diet=vegan&utm=123&freeFrom=milk&freeFrom=gluten',
    ])
      expect(renderNumber((await page(url).expect(200)).text)).toBe(n);
    // 50 visits with a different parameter the page does not read: one page, rendered once.
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => page(`/products/bakery?utm=${i}-${Math.random()}`).expect(200)),
    );
    expect(new Set(burst.map((res) => renderNumber(res.text))).size).toBe(1);
    expect(burst[0].text).toContain('<p>url /products/bakery</p>');
    // The search text is read on /products: each search is its own page.
    const apples = await page('/products?q=apples&utm=1').expect(200);
    expect(apples.text).toContain('<p>url /products?q=apples</p>');
    expect(renderNumber((await page('/products?q=pears').expect(200)).text)).toBe(
      renderNumber(apples.text)! + 1,
    );
  });

  it("renders one page at a time for an address: its next one is rendered in the browser, another address's is not held back", async () => {
    gate.shut();
    try {
      const started = gate.nextArrival();
      const held = pageFrom(t.server, '127.0.0.31', '/products/slow-d');
      expect(await started).toBe('/products/slow-d');
      const refused = await pageFrom(t.server, '127.0.0.31', '/products/slow-e?q=' + Math.random());
      expect(rootOf(refused.text)).toBe(CLIENT_RENDERED);
      expect(refused.headers.etag).toBeUndefined();

      const otherStarts = gate.nextArrival();
      const other = pageFrom(t.server, '127.0.0.32', '/products/slow-f');
      gate.open();
      expect(await otherStarts).toBe('/products/slow-f');
      expect(rootOf((await held).text)).toContain('data-rendered="storefront"');
      expect(rootOf((await other).text)).toContain('data-rendered="storefront"');
      // Once its render is done, the address renders again.
      expect(rootOf((await pageFrom(t.server, '127.0.0.31', '/products/slow-e')).text)).toContain(
        'data-rendered="storefront"',
      );
    } finally {
      gate.open();
    }
  });

  it('answers within its own time limit when the build never answers, and then renders again', async () => {
    deploy('() => new Promise(() => {})');
    const started = Date.now();
    const res = await page('/products/never').expect(200);
    const took = Date.now() - started;
    expect(rootOf(res.text)).toBe(CLIENT_RENDERED);
    expect(res.text).toContain('<noscript>');
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(10_000);

    // The late render gave its turn back: with one render at a time, a working build renders at once.
    deploy(RENDER);
    expect(rootOf((await page('/products/never').expect(200)).text)).toContain('data-rendered="storefront"');
  });
});
