import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Controller, Get, Inject, Module } from '@nestjs/common';
import { count, sql } from 'drizzle-orm';
import request from 'supertest';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { signInCustomer, signInSeller } from '../../test/auth-helpers';
import { products, shopSettings, users } from '../db/schema';
import { DB } from '../db/database.module';
import type { Database } from '../db/database';
import { errorForLog } from '../http/http-exception.filter';
import { assertCleanInput, isBadText, jsonDepthExceeds, MAX_JSON_DEPTH, parseJsonText } from './input-safety';
import { ERROR_CODES } from '@larder/shared-domain';

/** The shop's error shape; hostile text is refused with the generic code of a bad request. */
const SHOP_ERROR = { success: false, message: expect.any(String), code: ERROR_CODES.VALIDATION_FAILED };
/** The code each status of a request refused before any route answers with. */
const CODE_OF_STATUS: Record<number, string> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  413: ERROR_CODES.REQUEST_TOO_LARGE,
  414: ERROR_CODES.URL_TOO_LONG,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
};

function nested(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** Fails a query on purpose, with a bound value that must not reach the log. */
@Controller('api/probe-sql')
class ProbeSqlController {
  constructor(@Inject(DB) private readonly db: Database) {}

  @Get()
  async fail() {
    // Casting the bound text to an integer makes PostgreSQL refuse the statement.
    await this.db
      .select()
      .from(users)
      .where(sql`${users.email} = (${'secret-value@example.com'})::int::text`);
    return { success: true };
  }
}

@Module({ controllers: [ProbeSqlController] })
class ProbeSqlModule {}

describe('hostile input (pure rules)', () => {
  it('finds NUL and lone surrogates but keeps real emoji', () => {
    expect(isBadText('a\u0000b')).toBe(true);
    expect(isBadText('\ud800')).toBe(true);
    expect(isBadText('x\udc00')).toBe(true);
    expect(isBadText('carrots 🥕')).toBe(false);
    expect(isBadText('Crème fraîche')).toBe(false);
  });

  it('measures JSON depth outside strings only', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(100) }))).toBe(false);
    expect(jsonDepthExceeds(nested(20_000))).toBe(true);
  });

  it('checks keys, values and depth without recursion', () => {
    expect(() => assertCleanInput({ a: [{ b: 'ok' }] })).not.toThrow();
    expect(() => assertCleanInput({ 'k\u0000': 1 })).toThrow(/NUL/);
    expect(() => assertCleanInput(JSON.parse(nested(5000)))).toThrow(/nested too deeply/);
    expect(() => parseJsonText(nested(20_000))).toThrow(/nested too deeply/);
    expect(() => parseJsonText('{"name":"a\\u0000b"}')).toThrow(/NUL/);
  });

  it('logs a failed query without its bound values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), {
      code: '22P02',
      detail: 'Key (email)=(secret-value)',
    });
    const err = Object.assign(new Error('Failed query: select 1 where $1\nparams: secret-value'), {
      query: 'select 1 where $1',
      params: ['secret-value'],
      cause,
    });
    const logged = errorForLog(err);
    expect(logged).toContain('select 1 where $1');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('secret-value');
  });
});

// First app of this file: nestjs-pino keeps the first logger for lines written outside a request.
describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp(
      { logLevel: 'info' },
      { imports: [ProbeSqlModule], logStream: stream as unknown as import('pino').DestinationStream },
    );
  });
  afterAll(() => t.close());

  it('leaves out OAuth callback query strings, cookies and failed queries’ bound values', async () => {
    const cookie = await signInCustomer(t, { email: 'logged-person@example.com', phone: '07700 900999' });
    await request(t.server).get('/api/user/profile').set('Cookie', cookie).expect(200);
    await request(t.server).get('/api/auth/google/callback?code=secret-code-123&state=secret-state');
    await request(t.server).get('/api/probe-sql').expect(500);
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/google/callback');
    expect(log).toContain('Failed query');
    for (const secret of [
      'secret-code-123',
      'secret-state',
      'secret-value@example.com',
      cookie.split('=')[1],
      'logged-person@example.com',
      '07700 900999',
    ]) {
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('redacts secrets and personal data from logged objects', async () => {
    const { Logger } = await import('nestjs-pino');
    const logger = t.app.get(Logger);
    logger.log({ user: { email: 'x-person@example.com', phone: '07700 900111' }, password: 'hunter2' }, 'T');
    const log = lines.join('\n');
    expect(log).not.toContain('x-person@example.com');
    expect(log).not.toContain('07700 900111');
    expect(log).not.toContain('hunter2');
    expect(log).toContain('[redacted]');
  });
});

describe('hostile input over HTTP', () => {
  let t: TestApp;
  let seller: string;
  let customer: string;
  let productId: string;

  const rowCounts = async () => {
    const [u] = await t.db.select({ n: count() }).from(users);
    const [p] = await t.db.select({ n: count() }).from(products);
    const settings = await t.db.select().from(shopSettings);
    return { users: u.n, products: p.n, settings: JSON.stringify(settings) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signInSeller(t);
    customer = await signInCustomer(t, { email: 'hostile@example.com' });
    productId = await createProduct(t);
  });
  afterAll(() => t.close());

  it('answers 20,000 levels of nested JSON with 400 on every JSON route', async () => {
    const before = await rowCounts();
    for (const [method, url, cookie] of [
      ['post', '/api/settings/shipping', seller],
      ['put', '/api/user/update-phone', customer],
      ['post', '/api/cart/update', customer],
      ['post', '/api/contact', ''],
      ['post', '/api/seller/login', ''],
    ] as const) {
      const body = `{"a":${nested(20_000)}}`;
      const agent = request(t.server);
      const res = await agent[method](url)
        .set('Cookie', cookie)
        .set('content-type', 'application/json')
        .send(body);
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: {
          success: false,
          message: 'The request body is nested too deeply',
          code: ERROR_CODES.VALIDATION_FAILED,
        },
      });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses NUL and lone surrogates in body, query, path and multipart text with 400', async () => {
    const before = await rowCounts();
    const bad = ['a\u0000b', '\ud800'];
    for (const text of bad) {
      const phone = await request(t.server)
        .put('/api/user/update-phone')
        .set('Cookie', customer)
        .send({ phone: text });
      expect(phone.status).toBe(400);
      expect(phone.body).toEqual({
        success: false,
        message: 'Text must not contain NUL characters or invalid Unicode',
        code: ERROR_CODES.VALIDATION_FAILED,
      });
      const contact = await request(t.server)
        .post('/api/contact')
        .send({ name: text, email: 'a@example.com', message: 'Hello there' });
      expect(contact.status).toBe(400);
      const product = await request(t.server)
        .post('/api/product/add')
        .set('Cookie', seller)
        .field('productData', JSON.stringify({ name: text, price: 2, offerPrice: 1, vat: 0 }))
        .attach('images', Buffer.from('x'), 'a.png');
      expect(product.status).toBe(400);
      expect(product.body).toEqual(SHOP_ERROR);
    }
    const jsonPart = await request(t.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field('productData', nested(20_000), { contentType: 'application/json' })
      .attach('images', Buffer.from('x'), 'a.png');
    expect(jsonPart.status).toBe(400);
    expect(jsonPart.body).toEqual({
      success: false,
      message: 'The request body is nested too deeply',
      code: ERROR_CODES.VALIDATION_FAILED,
    });
    const query = await request(t.server).get('/api/product/list?x=a%00b');
    expect(query.status).toBe(400);
    expect(query.body).toEqual(SHOP_ERROR);
    const param = await request(t.server).delete('/api/product/a%00b').set('Cookie', seller);
    expect(param.status).toBe(400);
    expect(param.body).toEqual(SHOP_ERROR);
    const surrogateParam = await request(t.server).delete('/api/product/%ED%A0%80').set('Cookie', seller);
    expect(surrogateParam.status).toBe(400);
    expect(surrogateParam.body).toEqual(SHOP_ERROR);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses money in exponent form with 400', async () => {
    const before = await rowCounts();
    for (const amount of [1e-7, 5e-324]) {
      const res = await request(t.server)
        .post('/api/settings/shipping')
        .set('Cookie', seller)
        .set('content-type', 'application/json')
        .send(`{"shippingCharge":${amount},"shippingThreshold":40}`);
      expect({ amount, status: res.status, body: res.body }).toEqual({
        amount,
        status: 400,
        body: {
          success: false,
          message: 'shippingCharge must be a number with at most 2 decimals',
          code: ERROR_CODES.VALIDATION_FAILED,
          field: 'shippingCharge',
        },
      });
    }
    const product = await request(t.server)
      .post('/api/product/add')
      .set('Cookie', seller)
      .field('productData', '{"name":"Jam","price":1e-7,"offerPrice":0,"vat":0}')
      .attach('images', Buffer.from('x'), 'a.png');
    expect(product.status).toBe(400);
    expect(product.body).toEqual({ ...SHOP_ERROR, field: 'category' });
    expect(await rowCounts()).toEqual(before);
  });

  it('answers router and parser errors in the shop shape with an honest status', async () => {
    const cases: Array<[string, () => request.Test, number]> = [
      [
        'an over-long path parameter',
        () =>
          request(t.server)
            .delete(`/api/product/${'a'.repeat(300)}`)
            .set('Cookie', seller),
        414,
      ],
      ['broken percent-encoding', () => request(t.server).delete('/api/product/%E0%A4%A'), 400],
      [
        'a body over the limit',
        () =>
          request(t.server)
            .post('/api/contact')
            .set('content-type', 'application/json')
            .send(`{"name":"${'a'.repeat(1_100_000)}"}`),
        413,
      ],
      [
        'an unsupported media type',
        () => request(t.server).post('/api/contact').set('content-type', 'application/xml').send('<a/>'),
        415,
      ],
      [
        'broken JSON',
        () => request(t.server).post('/api/contact').set('content-type', 'application/json').send('{"a":'),
        400,
      ],
    ];
    for (const [what, send, status] of cases) {
      const res = await send();
      expect({ what, status: res.status, body: res.body }).toEqual({
        what,
        status,
        body: {
          ...SHOP_ERROR,
          code: what === 'broken JSON' ? ERROR_CODES.INVALID_JSON : CODE_OF_STATUS[status],
        },
      });
    }
  });

  it('says "Not found" without echoing the path', async () => {
    const res = await request(t.server).get('/api/nope-<script>').expect(404);
    expect(res.body).toEqual({ success: false, message: 'Not found', code: ERROR_CODES.NOT_FOUND });
  });

  it('still accepts ordinary text, emoji and amounts', async () => {
    await request(t.server)
      .post('/api/settings/shipping')
      .set('Cookie', seller)
      .send({ shippingCharge: 3.99, shippingThreshold: 40 })
      .expect(200);
    await request(t.server).get('/api/product/list?q=Crème+fraîche+🥕').expect(200);
    await request(t.server).delete(`/api/product/${productId}`).set('Cookie', seller).expect(200);
  });

  it('marks personal answers no-store and keeps the public list revalidating', async () => {
    for (const [url, cookie] of [
      ['/api/user/is-auth', customer],
      ['/api/user/profile', customer],
      ['/api/order/user', customer],
      ['/api/seller/is-auth', seller],
      ['/api/order/seller', seller],
    ]) {
      const res = await request(t.server).get(url).set('Cookie', cookie);
      expect({ url, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-store',
      });
    }
    const list = await request(t.server).get('/api/product/list').set('Cookie', customer).expect(200);
    expect(list.headers['cache-control']).toBe('no-cache');
  });
});

describe('source maps of the built frontends', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-maps-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('host/index.html', '<!doctype html><div id="root"></div>');
  write('host/main.3f2a9c1b.js', 'console.log(1)');
  write('host/main.3f2a9c1b.js.map', '{"version":3}');
  write('store/remoteEntry.js', 'var s;');
  write('store/remoteEntry.js.map', '{"version":3}');
  const staticDirs = {
    hostShell: path.join(root, 'host'),
    storefront: path.join(root, 'store'),
    sellerPortal: path.join(root, 'none'),
  };
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each([
    ['production', 404],
    ['development', 200],
  ] as const)('in %s mode answer %i', async (nodeEnv, status) => {
    const t = await createTestApp({ nodeEnv, staticDirs });
    try {
      await request(t.server).get('/main.3f2a9c1b.js').expect(200);
      await request(t.server).get('/main.3f2a9c1b.js.map').expect(status);
      await request(t.server).get('/remotes/storefront/remoteEntry.js.map').expect(status);
    } finally {
      await t.close();
    }
  });
});
