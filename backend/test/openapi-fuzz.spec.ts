/**
 * Fuzzing driven by the app's own OpenAPI document: every operation receives schema-aware generated bodies,
 * query strings, path parameters and headers, mutated with hostile values (NUL, lone surrogates, money in
 * exponent form, deep nesting, wrong types, unknown keys, over-long text), as a visitor, a customer and the
 * seller. Every answer must be below 500 (501 only where the operation documents it), every error must be
 * exactly `{ success: false, message }`, a refused (4xx) request must leave the database unchanged (a failed seller
 * sign-in may only count itself in sign_in_failures), and a read (GET) must never change it. Card payment is on,
 * against the local stand-in for Stripe's API, so the card checkout and the signed webhook are exercised too; every
 * operation of the document must have been sent.
 *
 *   FUZZ_RUNS   random requests over all operations (default 1500), on top of the fixed hostile cases
 *   FUZZ_SEED   fast-check seed (scripts/test.mjs picks a new one for each pass and prints it; default fixed;
 *               printed on failure, so a failure replays with FUZZ_SEED=<seed>)
 *
 * Whether a request changed the database is asked of a cheap tripwire first: PostgreSQL gives every transaction
 * that writes a transaction id, so when the newest id has not moved, no row of any table can have changed. Only
 * when it has moved (a write here, or on a shared server anyone's) are the tables checksummed and compared.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { ERROR_CODES } from '@larder/shared-domain';
import { createProduct, createTestApp, TestApp } from './harness';
import { signInCustomer, signInCustomerWithAddress, signInSeller } from './auth-helpers';
import { FakeStripeApi, signedEvent, WEBHOOK_SECRET } from './stripe-stand-in';
import { ADDRESS } from './fixtures';

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  multipleOf?: number;
  nullable?: boolean;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  bodyType?: 'json' | 'multipart';
  bodySchema?: Schema;
  responses: string[];
  /** Per error status, the body keys the document describes beyond success and message. */
  errorKeys: Record<string, string[]>;
  security: string[];
}

type Identity = 'visitor' | 'customer' | 'seller';

interface FuzzRequest {
  identity: Identity;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON value, or raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  /** `asJson` sends productData as an application/json part (the multipart parser then parses it). */
  multipart?: { productData?: string; files: number; field?: string; asJson?: boolean };
}

/** Text and numbers that broke the shop before, or that PostgreSQL and validators choke on. */
const HOSTILE_STRINGS = [
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '',
  ' ',
  'x'.repeat(5000),
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '1e-7',
  '🥕',
  '__proto__',
];
const HOSTILE_NUMBERS = [1e-7, 5e-324, -1, -0.01, 1.999, 1e21, 1e308, 2 ** 53 + 1, 0.1 + 0.2, -0];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  ...HOSTILE_NUMBERS,
  null,
  true,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
];

function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** A raw body that prints as a short label in fast-check's counterexamples (some are megabytes long). */
function rawBody(raw: string, contentType: string): { raw: string; contentType: string } {
  const label = raw.length > 80 ? `${raw.slice(0, 40)}… (${raw.length} characters)` : raw;
  return { raw, contentType, [fc.toStringMethod]: () => `${contentType}: ${JSON.stringify(label)}` } as {
    raw: string;
    contentType: string;
  };
}

/** Whole bodies sent as raw text: broken or oversized JSON and the wrong content types. */
const HOSTILE_RAW_BODIES: Array<{ raw: string; contentType: string }> = [
  rawBody(deepJson(20_000), 'application/json'),
  rawBody('['.repeat(20_000) + ']'.repeat(20_000), 'application/json'),
  rawBody('{"a":', 'application/json'),
  rawBody('', 'application/json'),
  rawBody('null', 'application/json'),
  rawBody('"text"', 'application/json'),
  rawBody('[1,2,3]', 'application/json'),
  rawBody('{"a":"\\u0000"}', 'application/json'),
  rawBody('{"a":"\\ud800"}', 'application/json'),
  rawBody('{"a":1e-7,"b":5e-324}', 'application/json'),
  rawBody('<a/>', 'application/xml'),
  rawBody('a=1&b=%00', 'application/x-www-form-urlencoded'),
  rawBody('plain', 'text/plain'),
  rawBody(`{"a":"${'x'.repeat(1_100_000)}"}`, 'application/json'),
];

function resolve(schema: Schema | undefined, doc: Record<string, unknown>): Schema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<Record<string, unknown>>(
      (node, key) => node[key] as Record<string, unknown>,
      doc,
    ) as Schema;
  }
  if (current.allOf?.length) {
    return current.allOf
      .map((s) => resolve(s, doc))
      .reduce<Schema>(
        (acc, s) => ({
          ...acc,
          ...s,
          properties: { ...acc.properties, ...s.properties },
          required: [...(acc.required ?? []), ...(s.required ?? [])],
        }),
        {},
      );
  }
  return current;
}

/** Values that satisfy the schema (the document's contract), so the fuzz reaches past validation too. */
function validArbitrary(
  schemaIn: Schema | undefined,
  doc: Record<string, unknown>,
  known: KnownIds,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn, doc);
  if (depth > 6) return fc.constant(null);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => validArbitrary(s, doc, known, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...known.all()));
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('fuzz@example.com'));
      if (schema.format === 'date' || schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
      }
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.constantFrom('Jam', 'Vegetables', '07700 900123', 'SW1A 1AA', 'London', 'Fresh and tasty'),
      );
    }
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) });
    }
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, 1e6);
      const step = schema.multipleOf ?? 0.01;
      const units = Math.round(1 / step);
      return fc.integer({ min: Math.ceil(min * units), max: Math.floor(max * units) }).map((n) => n / units);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(validArbitrary(schema.items, doc, known, depth + 1), { maxLength });
    }
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length) {
        return schema.type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue())
          : fc.constant({});
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) model[key] = validArbitrary(properties[key], doc, known, depth + 1);
      return fc.record(model, { requiredKeys: keys.filter((k) => schema.required?.includes(k)) });
    }
  }
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'none' };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: fc.nat(),
      value: fc.constantFrom(...HOSTILE_VALUES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      pick: fc.nat(),
      value: fc.jsonValue({ maxDepth: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.constantFrom('extra', '__proto__', 'constructor', 'k\u0000', 'isAdmin'),
      value: fc.constantFrom<unknown>(1, 'x', null, { a: 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
);

/** Every (container, key) inside a JSON value, parents first. */
function slots(value: unknown): Array<[Record<string, unknown> | unknown[], string | number]> {
  const out: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        out.push([node, i]);
        walk(item);
      });
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        out.push([node as Record<string, unknown>, key]);
        walk((node as Record<string, unknown>)[key]);
      }
    }
  };
  walk(value);
  return out;
}

function mutate(value: unknown, mutation: Mutation): unknown {
  if (mutation.kind === 'none') return value;
  const copy = value === undefined ? undefined : structuredClone(value);
  if (mutation.kind === 'extra') {
    if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
      Object.defineProperty(copy, mutation.key, { value: mutation.value, enumerable: true, writable: true });
      return copy;
    }
    return { [mutation.key]: mutation.value };
  }
  const all = slots(copy);
  if (!all.length) return mutation.kind === 'replace' ? mutation.value : copy;
  const [container, key] = all[mutation.pick % all.length];
  if (mutation.kind === 'delete') {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete container[key as string];
  } else {
    (container as Record<string | number, unknown>)[key] = mutation.value;
  }
  return copy;
}

class KnownIds {
  products: string[] = [];
  addresses: string[] = [];
  seen = new Set<string>();
  all(): string[] {
    return [...this.products, ...this.addresses, ...this.seen, '00000000-0000-0000-0000-000000000000'];
  }
}

function operationsOf(doc: Record<string, unknown>): Operation[] {
  const out: Operation[] = [];
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const security = ((op.security as Array<Record<string, unknown>> | undefined) ?? []).flatMap((s) =>
        Object.keys(s),
      );
      out.push({
        operationId: op.operationId as string,
        method,
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        bodyType: content?.['application/json']
          ? 'json'
          : content?.['multipart/form-data']
            ? 'multipart'
            : undefined,
        bodySchema: content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema,
        responses: Object.keys((op.responses as Record<string, unknown>) ?? {}),
        errorKeys: Object.fromEntries(
          Object.entries(
            (op.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>) ?? {},
          )
            .filter(([status]) => Number(status) >= 400)
            .map(([status, response]) => [
              status,
              Object.keys(resolve(response.content?.['application/json']?.schema, doc).properties ?? {}),
            ]),
        ),
        security,
      });
    }
  }
  return out;
}

/** Per table, a checksum of its rows: equal snapshots mean an unchanged database. */
type Snapshot = Map<string, string>;
let snapshotMs = 0;
let checksums = 0;
let tripwires = 0;
async function snapshot(t: TestApp, tables: string[]): Promise<Snapshot> {
  const started = Date.now();
  try {
    checksums += 1;
    return await takeSnapshot(t, tables);
  } finally {
    snapshotMs += Date.now() - started;
  }
}

/**
 * The tripwire: the id the next writing transaction will get (the snapshot's xmax). Reads and refusals that roll
 * back before writing take none; any committed or attempted write moves it.
 */
async function nextTransactionId(t: TestApp): Promise<string> {
  tripwires += 1;
  const result = await t.db.execute(sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as x'));
  return (result as unknown as { rows: Array<{ x: string }> }).rows[0].x;
}

/** The tables whose rows differ between two snapshots. */
function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** A lone UTF-16 surrogate percent-encoded as the bytes a hostile client would send (WTF-8). */
function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

/**
 * What a refused request may rightly change: a failed seller sign-in is counted, and nothing else (that is the
 * lockout). A session's last use is stamped (at most once a minute) whatever the answer, so it is left out.
 */
/** A refused sign-in is counted, and written to the activity log. */
const REFUSED_MAY_CHANGE: Record<string, string[]> = {
  sellerLogin: ['sign_in_failures', 'activity_log'],
  sellerLoginCode: ['sign_in_failures', 'activity_log'],
};
const ROW_WITHOUT_LAST_USE: Record<string, string> = { sessions: "to_jsonb(x) - 'last_seen_at'" };

async function takeSnapshot(t: TestApp, tables: string[]): Promise<Snapshot> {
  // An order-independent checksum of every row: cheap enough to run after each request.
  const parts = tables.map((name) => {
    const row = ROW_WITHOUT_LAST_USE[name] ?? 'x';
    return `select '${name}' as t, count(*)::int as n, coalesce(sum(hashtext((${row})::text)::bigint), 0)::text as h from "${name}" x`;
  });
  const result = await t.db.execute(sql.raw(parts.join(' union all ')));
  const rows = (result as unknown as { rows: Array<{ t: string; n: number; h: string }> }).rows;
  return new Map(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

function requestArbitrary(
  op: Operation,
  doc: Record<string, unknown>,
  known: KnownIds,
): fc.Arbitrary<FuzzRequest> {
  const identity = fc.constantFrom<Identity>('visitor', 'customer', 'seller');
  const paramValue = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: validArbitrary(p.schema, doc, known).map(String) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS.map(String), 'x'.repeat(300)),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    );
  const pathParams = fc.record(
    Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, paramValue(p)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = fc.oneof(
    fc.record(Object.fromEntries(queryParams.map((p) => [p.name, paramValue(p)])), { requiredKeys: [] }),
    fc.record({ q: fc.constantFrom(...HOSTILE_STRINGS, 'a'.repeat(3000)) }),
    fc.constant({}),
  ) as fc.Arbitrary<Record<string, string>>;
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        fc.oneof(fc.uuid(), fc.constantFrom('', 'x'.repeat(300), 'W/"1"', 't=1,v1=bad', '%00')),
      ]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;

  let body: fc.Arbitrary<FuzzRequest['body']> = fc.constant(undefined);
  let multipart: fc.Arbitrary<FuzzRequest['multipart']> = fc.constant(undefined);
  if (op.bodyType === 'json') {
    const valid = validArbitrary(op.bodySchema, doc, known);
    body = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(valid, mutationArbitrary).map(([v, m]) => ({ json: mutate(v, m) })) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW_BODIES) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
    );
  } else if (op.bodyType === 'multipart') {
    // The product form: productData is JSON text whose schema is the product (see AddProductDto).
    const product = fc.record(
      {
        name: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('Jam')),
        category: fc.constantFrom('Vegetables', 'Fruits', 'Dairy', 'nope'),
        description: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
        price: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
        offerPrice: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
        vat: fc.constantFrom(0, 5, 12.5, 20),
      },
      { requiredKeys: [] },
    );
    multipart = fc.record({
      productData: fc.oneof(
        fc.tuple(product, mutationArbitrary).map(([p, m]) => JSON.stringify(mutate(p, m))),
        fc.constantFrom(...HOSTILE_RAW_BODIES.filter((b) => b.raw.length < 100_000).map((b) => b.raw)),
        fc.constant(deepJson(20_000)),
      ),
      files: fc.integer({ min: 0, max: 6 }),
      field: fc.constantFrom('images', 'image', 'other'),
    }) as fc.Arbitrary<FuzzRequest['multipart']>;
  }
  return fc.record({ identity, pathParams, query, headers, body, multipart }) as fc.Arbitrary<FuzzRequest>;
}

/** The values each field, parameter and body of every operation is always tried with, besides the random ones. */
const SWEEP_VALUES: unknown[] = [
  'a\u0000b',
  '\ud800',
  1e-7,
  5e-324,
  JSON.parse(deepJson(40)),
  'x'.repeat(5000),
];

/**
 * The hostile cases every operation gets on every run, as fast-check examples: each whole raw body, each
 * identity without a body, and each sweep value in place of each top-level field and each path parameter.
 */
function hostileExamples(op: Operation, doc: Record<string, unknown>, known: KnownIds): Array<[FuzzRequest]> {
  const base = (identity: Identity): FuzzRequest => ({
    identity,
    pathParams: Object.fromEntries(
      op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, known.products[0]]),
    ),
    query: {},
    headers: {},
    body: undefined,
    multipart: undefined,
  });
  const identity = (i: number): Identity =>
    (['customer', 'seller'] as Identity[]).find((id) => op.security.includes(id)) ??
    (['visitor', 'customer', 'seller'] as Identity[])[i % 3];
  const out: FuzzRequest[] = (['visitor', 'customer', 'seller'] as Identity[]).map(base);
  for (const [i, name] of op.parameters.filter((p) => p.in === 'path').entries()) {
    for (const value of [...SWEEP_VALUES.filter((v) => typeof v === 'string'), 'x'.repeat(300)]) {
      const req = base(identity(i));
      req.pathParams[name.name] = value as string;
      out.push(req);
    }
  }
  for (const value of SWEEP_VALUES.filter((v) => typeof v === 'string')) {
    out.push({ ...base(identity(0)), query: { q: value as string } });
  }
  if (op.bodyType === 'json') {
    for (const [i, raw] of HOSTILE_RAW_BODIES.entries()) out.push({ ...base(identity(i)), body: raw });
    const example = fc.sample(validArbitrary(op.bodySchema, doc, known), { numRuns: 1, seed: SEED })[0];
    if (example && typeof example === 'object' && !Array.isArray(example)) {
      const props = Object.keys(resolve(op.bodySchema, doc).properties ?? {});
      for (const key of props) {
        for (const value of SWEEP_VALUES) {
          out.push({ ...base(identity(0)), body: { json: { ...example, [key]: value } } });
        }
      }
    }
  } else if (op.bodyType === 'multipart') {
    const product = {
      name: 'Jam',
      category: 'Vegetables',
      description: ['Sweet'],
      price: 2,
      offerPrice: 1,
      vat: 0,
      maxPerOrder: 6,
    };
    for (const key of Object.keys(product)) {
      for (const value of SWEEP_VALUES) {
        out.push({
          ...base('seller'),
          multipart: { productData: JSON.stringify({ ...product, [key]: value }), files: 1, field: 'images' },
        });
      }
    }
    for (const asJson of [false, true]) {
      out.push({
        ...base('seller'),
        multipart: { productData: deepJson(20_000), files: 1, field: 'images', asJson },
      });
    }
  }
  return out.map((req) => [req]);
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids the app handed out (new orders, addresses, products), so later requests can aim at real rows. */
function harvestIds(value: unknown, known: KnownIds): void {
  for (const [container, key] of slots(value)) {
    const item = (container as Record<string | number, unknown>)[key];
    if (typeof item === 'string' && UUID.test(item) && !known.seen.has(item) && known.seen.size < 200) {
      known.seen.add(item);
    }
  }
}

describe('OpenAPI-driven fuzzing', () => {
  let t: TestApp;
  let doc: Record<string, unknown>;
  let tables: string[];
  const known = new KnownIds();
  const cookies: Record<Identity, string> = { visitor: '', customer: '', seller: '' };
  const stripe = new FakeStripeApi();
  /** operationId → how many requests it was sent, and how many it answered with success. */
  const exercised = new Map<string, { sent: number; succeeded: number }>();
  let sent = 0;
  const startedAt = Date.now();

  function record(operationId: string, status: number): void {
    const entry = exercised.get(operationId) ?? { sent: 0, succeeded: 0 };
    entry.sent += 1;
    if (status < 300) entry.succeeded += 1;
    exercised.set(operationId, entry);
  }

  async function signIn(): Promise<void> {
    cookies.customer = await signInCustomer(t, { email: 'fuzz-customer@example.com' });
    cookies.seller = await signInSeller(t);
  }

  beforeAll(async () => {
    // Wrong seller passwords are among the generated requests: the lockout they would trigger is tested on
    // its own (session/sessions.spec.ts), so here it must not stop the seller identity from signing in again.
    t = await createTestApp({
      throttleLimit: 1_000_000,
      sellerLockoutAttempts: 1_000_000,
      stripeSecretKey: 'sk_test_larder',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: await stripe.start(),
    });
    doc = (await request(t.server).get('/api/openapi.json').expect(200)).body;
    for (let i = 0; i < 3; i++) known.products.push(await createProduct(t, { listed: i !== 2 }));
    const signedIn = await signInCustomerWithAddress(t, { email: 'fuzz-customer@example.com' }, ADDRESS);
    known.addresses.push(signedIn.addressId);
    await signIn();
    const result = await t.db.execute(
      sql.raw(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      ),
    );
    tables = (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
  });
  afterAll(async () => {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const succeeded = [...exercised.values()].filter((e) => e.succeeded > 0).length;
    process.stdout.write(
      `OpenAPI fuzz: ${sent} requests over ${exercised.size} operations (${succeeded} of them answered with success at least once) in ${seconds} s (${checksums} database checksums after ${tripwires} tripwire reads, ${(snapshotMs / 1000).toFixed(1)} s, seed ${SEED})\n`,
    );
    await t?.close();
    await stripe.stop();
  });

  async function send(op: Operation, req: FuzzRequest): Promise<request.Response> {
    let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => percentEncode(req.pathParams[name] ?? ''));
    const qs = Object.entries(req.query)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    if (qs) url += `?${qs}`;
    let test = request(t.server)[op.method as 'get'](url);
    if (cookies[req.identity]) test = test.set('Cookie', cookies[req.identity]);
    for (const [name, value] of Object.entries(req.headers)) {
      if (/^[\x20-\x7e]*$/.test(value)) test = test.set(name, value);
    }
    if (req.body && 'json' in req.body) {
      test = test.set('content-type', 'application/json').send(JSON.stringify(req.body.json) ?? '');
    } else if (req.body) {
      test = test.set('content-type', req.body.contentType).send(req.body.raw);
    } else if (req.multipart) {
      if (req.multipart.productData !== undefined) {
        const options = req.multipart.asJson ? { contentType: 'application/json' } : undefined;
        test = test.field('productData', req.multipart.productData, options);
      }
      for (let i = 0; i < req.multipart.files; i++) {
        test = test.attach(req.multipart.field ?? 'images', Buffer.from(`not an image ${i}`), `f${i}.png`);
      }
    }
    sent += 1;
    return test;
  }

  function check(op: Operation, req: FuzzRequest, res: request.Response): void {
    const context = () =>
      `${op.method.toUpperCase()} ${op.path} as ${req.identity} (seed ${SEED}): ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
    const documented501 = res.status === 501 && op.responses.includes('501');
    if (res.status >= 500 && !documented501) throw new Error(`5xx: ${context()}`);
    if (res.status >= 400) {
      const body = res.body as Record<string, unknown>;
      // `{ success: false, message, code }` (and the `field` a validation names); extra keys only where the
      // document describes them (409 totals).
      const allowed = new Set([
        'success',
        'message',
        'code',
        'field',
        ...(op.errorKeys[String(res.status)] ?? []),
      ]);
      if (
        body?.success !== false ||
        typeof body.message !== 'string' ||
        !body.message ||
        !(typeof body.code === 'string' && body.code in ERROR_CODES) ||
        !Object.keys(body).every((k) => allowed.has(k))
      ) {
        throw new Error(`error not in the shop's shape: ${context()}`);
      }
    }
  }

  /**
   * Operations fuzzed generically; the Stripe webhook, the Google redirects and the order event stream (which
   * stays open when it is accepted) get targeted cases below.
   */
  const TARGETED = new Set(['stripeWebhook', 'googleRedirect', 'googleCallback', 'streamOrderEvents']);

  it('covers every operation of the document', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) expect(op.operationId).toEqual(expect.any(String));
  });

  it('never answers 5xx or a foreign error shape; refused requests and reads change nothing', async () => {
    const ops = operationsOf(doc).filter((op) => !TARGETED.has(op.operationId));
    const perOperation = Math.max(1, Math.ceil(TOTAL_RUNS / ops.length));
    let before = await snapshot(t, tables);
    let wire = await nextTransactionId(t);
    for (const [index, op] of ops.entries()) {
      // fast-check counts the examples within numRuns: the random runs come on top of them.
      const examples = hostileExamples(op, doc, known);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op, doc, known), async (req) => {
          const res = await send(op, req);
          record(op.operationId, res.status);
          check(op, req, res);
          if (res.status < 300) harvestIds(res.body, known);
          const wireAfter = await nextTransactionId(t);
          const after = wireAfter === wire ? before : await snapshot(t, tables);
          wire = wireAfter;
          const changed = changedTables(before, after);
          const what = `${op.method.toUpperCase()} ${op.path} as ${req.identity} (seed ${SEED}) → ${res.status}`;
          // A read never changes anything, except a sign-out (the seller's is a GET link).
          if (SAFE_METHODS.has(op.method) && !/logout/.test(op.path) && changed.length) {
            throw new Error(`database changed by a read: ${what}: ${changed.join(', ')}`);
          }
          const mayChange = REFUSED_MAY_CHANGE[op.operationId] ?? [];
          const unexpected = changed.filter((name) => !mayChange.includes(name));
          if (res.status >= 400 && unexpected.length) {
            throw new Error(`database changed by a refused request: ${what}: ${unexpected.join(', ')}`);
          }
          before = after;
          // Ending a session (logout, account deletion) or signing in again: keep both sessions usable.
          if (
            (res.status === 401 && op.security.includes(req.identity)) ||
            (res.status < 300 && /logout|delete-account|login/.test(op.path))
          ) {
            await signIn();
            before = await snapshot(t, tables);
            wire = await nextTransactionId(t);
          }
        }),
        {
          seed: SEED + index,
          numRuns: perOperation + examples.length,
          endOnFailure: true,
          examples,
        },
      );
    }
  }, 600_000);

  it('refuses order event streams it does not open with 4xx in the shop error shape', async () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['', '?as=seller'],
      [cookies.customer, '?as=seller'],
      [cookies.seller, '?as=customer'],
      ...['bogus', '%00', '', 'customer&as=seller'].map((as): [string, string] => [
        cookies.customer,
        `?as=${as}`,
      ]),
    ];
    for (const [cookie, query] of cases) {
      let test = request(t.server).get(`/api/order/events${query}`).set('last-event-id', '%00');
      if (cookie) test = test.set('Cookie', cookie);
      const res = await test;
      sent += 1;
      record('streamOrderEvents', res.status);
      expect([400, 401]).toContain(res.status);
      expect(
        Object.keys(res.body)
          .filter((key) => key !== 'field')
          .sort(),
      ).toEqual(['code', 'message', 'success']);
    }
  });

  it('answers hostile Stripe webhooks with 4xx and changes nothing; signed events about no order change nothing', async () => {
    const before = await snapshot(t, tables);
    const bodies = [
      ...HOSTILE_RAW_BODIES,
      rawBody('{"type":"checkout.session.completed"}', 'application/json'),
    ];
    for (const body of bodies) {
      for (const signature of [undefined, 't=1,v1=bad', 't=%00']) {
        let test = request(t.server).post('/api/order/stripe/webhook').set('content-type', body.contentType);
        if (signature) test = test.set('stripe-signature', signature);
        const res = await test.send(body.raw);
        sent += 1;
        record('stripeWebhook', res.status);
        expect([400, 413, 415]).toContain(res.status);
        expect(
          Object.keys(res.body)
            .filter((key) => key !== 'field')
            .sort(),
        ).toEqual(['code', 'message', 'success']);
      }
    }
    // Correctly signed events naming sessions and orders that do not exist, or hostile ids.
    for (const type of ['checkout.session.completed', 'checkout.session.expired', 'charge.refunded']) {
      for (const id of ['cs_test_none', '\u0000', 'x'.repeat(3000), '00000000-0000-0000-0000-000000000000']) {
        const { payload, signature } = signedEvent(type, {
          id,
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: id,
          metadata: { orderId: id },
        });
        const res = await request(t.server)
          .post('/api/order/stripe/webhook')
          .set('content-type', 'application/json')
          .set('stripe-signature', signature)
          .send(payload);
        sent += 1;
        record('stripeWebhook', res.status);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400)
          expect(
            Object.keys(res.body)
              .filter((key) => key !== 'field')
              .sort(),
          ).toEqual(['code', 'message', 'success']);
      }
    }
    expect(changedTables(before, await snapshot(t, tables))).toEqual([]);
  });

  it('answers hostile Google redirects and callbacks without 5xx and without a foreign shape', async () => {
    const before = await snapshot(t, tables);
    for (const url of [
      '/api/auth/google',
      '/api/auth/google?redirect=https://evil.example',
      '/api/auth/google/callback',
      '/api/auth/google/callback?code=a%00b&state=%ED%A0%80',
      '/api/auth/google/callback?error=access_denied',
      `/api/auth/google/callback?code=${'x'.repeat(5000)}`,
    ]) {
      const res = await request(t.server).get(url);
      sent += 1;
      record(url.includes('callback') ? 'googleCallback' : 'googleRedirect', res.status);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400)
        expect(
          Object.keys(res.body)
            .filter((key) => key !== 'field')
            .sort(),
        ).toEqual(['code', 'message', 'success']);
    }
    expect(changedTables(before, await snapshot(t, tables))).toEqual([]);
  });

  it('has sent every operation of the document', () => {
    const missing = operationsOf(doc)
      .map((op) => op.operationId)
      .filter((id) => !exercised.has(id));
    expect(missing).toEqual([]);
  });
});
