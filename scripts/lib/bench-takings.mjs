// The takings line of `npm run bench` (PostgreSQL server only): a year of a busy shop, ORDERS delivered orders
// (three lines each at 0%, 5% and 20% VAT, cash and card recorded at the door, a refund on one in fifty), written
// straight into the throw-away database; then GET /api/seller/takings for the whole year and GET
// /api/seller/cash-up for one day, each asked RUNS times one at a time (the first answer, with a cold cache,
// left out of the figures). Goals: takings under 200 ms, a day's cash-up under 20 ms. A build that keeps each
// delivered order's takings gets them from its migration's backfill, timed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const MIGRATION = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../backend/drizzle/0028_takings_split.sql',
);

/** The migration's INSERT statements that fill the takings of orders delivered before it. */
function backfillStatements() {
  return fs
    .readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => /^\s*(--.*\n\s*)*INSERT/.test(statement));
}

/**
 * @param {object} o
 * @param {string} o.base the shop's URL
 * @param {string} o.databaseUrl its database (a throw-away one)
 * @param {number} o.orders how many delivered orders
 * @param {Function} o.api the bench's HTTP helper
 * @param {typeof import('pg').Client} o.Client
 * @param {(sorted: number[], p: number) => number} o.percentile
 * @param {number} [o.runs]
 */
export async function benchTakings({ base, databaseUrl, orders, api, Client, percentile, runs = 20 }) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const year = { from: '2025-01-01', to: '2025-12-31' };
  const day = '2025-06-18';
  try {
    const {
      rows: [user],
    } = await db.query(
      `insert into users (email, first_name, last_name) values ('bench-takings@example.com', 'Takings', 'Bench')
       on conflict (email) do update set first_name = excluded.first_name returning id`,
    );
    const { rows: products } = await db.query(
      `select id from products where deleted_at is null order by id limit 3`,
    );
    if (products.length < 3) throw new Error('fewer than three products');
    // Written as a bookkeeping import would be: without the triggers that tell watching pages of each change.
    await db.query('set session_replication_role = replica');
    const started = performance.now();
    // Each order: 2 x 150p at 0%, 1 x 240p at 5% (252p), 1 x 625p at 20% (750p); goods 1165, VAT 137, total 1302.
    await db.query(
      `with o as (
         insert into orders (user_id, payment_type, goods, total_vat, shipping_charge, amount, delivery_date,
                             delivery_time, status, fulfilment, is_paid, collected_cash, collected_card,
                             delivered_at, created_at)
         select $1, 'COD', 1165, 137, 0, 1302, d::date, (array['10:00 - 11:00','11:00 - 12:00','12:00 - 13:00'])[1 + g % 3],
                'Completed', 'delivered', true, case when g % 4 = 0 then 0 else 1302 end,
                case when g % 4 = 0 then 1302 else 0 end,
                d + interval '10 hours' + (g % 180) * interval '1 minute', d - interval '1 day'
           from generate_series(1, $2::int) g,
                lateral (select ('2025-01-01'::date + (g % 365))::timestamp as d) days
         returning id
       )
       insert into order_items (order_id, product_id, name, price, vat_basis_points, quantity)
       select o.id, p.id, p.name, p.price, p.vat, p.quantity
         from o cross join (values ($3::uuid, 'Bench bread', 150, 0, 2), ($4::uuid, 'Bench juice', 240, 500, 1),
                                   ($5::uuid, 'Bench wine', 625, 2000, 1)) as p(id, name, price, vat, quantity)`,
      [user.id, orders, products[0].id, products[1].id, products[2].id],
    );
    await db.query(
      `insert into document_numbers (kind, last) values ('credit_note', 0) on conflict (kind) do nothing`,
    );
    await db.query(
      `insert into refunds (order_id, amount, method, reason, credit_note, created_at)
       select id, 150, 'cash', 'Bench', row_number() over (order by id), delivered_at + interval '1 hour'
         from orders where user_id = $1 and status = 'Completed' and (hashtext(id::text) % 50) = 0`,
      [user.id],
    );
    // A build that keeps each delivered order's takings (takings_orders, written with each delivery) gets them for
    // these orders as its migration gives them to orders delivered before it: by the migration's own statements.
    let backfillMs;
    const { rows: kept } = await db.query(`select to_regclass('takings_orders') is not null as kept`);
    if (kept[0].kept) {
      const backfillStarted = performance.now();
      for (const statement of backfillStatements()) await db.query(statement);
      backfillMs = performance.now() - backfillStarted;
      await db.query('analyze takings_orders; analyze takings_rates');
    }
    await db.query('analyze orders; analyze order_items; analyze refunds');
    const seedMs = performance.now() - started;

    const login = await api(base, 'POST', '/api/seller/login', {
      body: { email: 'seller@larder.local', password: 'larder-seller' },
    });
    if (login.status !== 200) throw new Error(`seller login answered ${login.status}`);
    const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');

    const time = async (url, check) => {
      const times = [];
      for (let i = 0; i <= runs; i += 1) {
        const t0 = performance.now();
        const res = await api(base, 'GET', url, { cookie });
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        if (i === 0) check(res.json);
        else times.push(ms);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    let counted = 0;
    const takings = await time(`/api/seller/takings?from=${year.from}&to=${year.to}`, (json) => {
      counted = json.total.orders;
      const gross = Math.round(json.total.gross * 100);
      if (counted < orders || gross < orders * 1302) throw new Error('the takings miss orders');
    });
    const cashUp = await time(`/api/seller/cash-up?date=${day}`, (json) => {
      if (!json.runs.length) throw new Error('no runs on the cash-up day');
    });
    return { orders: counted, seedMs, backfillMs, takings, cashUp };
  } finally {
    await db.end();
  }
}
