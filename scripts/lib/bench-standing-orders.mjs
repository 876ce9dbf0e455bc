// The regular deliveries' line of `npm run bench` (PostgreSQL server only): PLANS standing orders of as many
// customers, all due at one moment (as at 15:00 two days before their delivery), placed by the shop's own job
// (it wakes when plans fall due, claiming them with FOR UPDATE SKIP LOCKED), while ordinary checkouts run beside
// it (each customer about five a second). Measured: how long after the moment they were all placed, orders/s while placing, plans placed twice
// (0) and missed (0), and the ordinary checkouts' p99 before and during the placing.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {object} o
 * @param {string} o.base the shop's URL
 * @param {string} o.databaseUrl its database (a throw-away one)
 * @param {number} o.plans how many plans
 * @param {number} o.customers how many customers place ordinary orders meanwhile
 * @param {(base: string, n: number) => Promise<{cookie: string, addressId: string}>} o.signUp
 * @param {Function} o.api the bench's HTTP helper
 * @param {object} o.domain shared-domain
 * @param {typeof import('pg').Client} o.Client
 * @param {(sorted: number[], p: number) => number} o.percentile
 */
export async function benchStandingOrders({
  base,
  databaseUrl,
  plans,
  customers,
  signUp,
  api,
  domain,
  Client,
  percentile,
}) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // A busy delivery date: more places than the settings page offers (1,000 per slot), in this throw-away
    // database only, so that every plan's order fits.
    await db.query('alter table shop_settings drop constraint if exists shop_settings_slot_capacity');
    await db.query('update shop_settings set slot_capacity = 1000000, max_open_orders = 1000');
    const { rows: products } = await db.query(
      `select id, name, offer_price, vat_basis_points from products
        where deleted_at is null and listed and not age_restricted and (stock is null or stock >= 50000)
        order by id limit 20`,
    );
    if (products.length < 2) throw new Error('fewer than two products with a large stock');

    const tag = crypto.randomBytes(4).toString('hex');
    const now = new Date();
    const date = domain.selectableDeliveryDate(now);
    const weekday = domain.isoWeekday(date);
    // All due at one moment, a little ahead, once the plans are stored and the checkouts are running.
    const dueAt = new Date(Date.now() + 20_000);
    const { rows: users } = await db.query(
      `insert into users (email, first_name, last_name, phone)
       select 'bench-plan-' || g || '-' || $1 || '@example.com', 'Plan', 'Customer ' || g, '07700 900123'
         from generate_series(1, $2::int) g
       returning id`,
      [tag, plans],
    );
    const userIds = users.map((u) => u.id);
    const { rows: addresses } = await db.query(
      `insert into addresses (user_id, street, city, state, postal_code, country)
       select u, '1 Harbour Way', 'Bristol', 'Avon', 'BS1 4DJ', $2 from unnest($1::uuid[]) u
       returning id, user_id`,
      [userIds, domain.DELIVERY_COUNTRY],
    );
    const { rows: stored } = await db.query(
      `insert into standing_orders (user_id, address_id, delivery_time, weekday, every, next_delivery, place_at)
       select a.user_id, a.id, ($3::text[])[1 + (a.n % 3)], $4, 1, $5::date, $6::timestamptz
         from unnest($1::uuid[], $2::uuid[]) with ordinality as a(user_id, id, n)
       returning id`,
      [
        addresses.map((a) => a.user_id),
        addresses.map((a) => a.id),
        [...domain.DELIVERY_SLOTS],
        weekday,
        date,
        dueAt.toISOString(),
      ],
    );
    const planIds = stored.map((s) => s.id);
    await db.query(
      `insert into standing_order_items (standing_order_id, product_id, quantity)
       select p.id, ($2::uuid[])[1 + ((p.n + k) % $3)], 1
         from unnest($1::uuid[]) with ordinality as p(id, n), generate_series(0, 1) k`,
      [planIds, products.map((p) => p.id), products.length],
    );

    // Ordinary checkouts: each customer places one order after another (one product, the shop's prices).
    const shipping = (await api(base, 'GET', '/api/settings/shipping')).json;
    const settings = {
      shippingCharge: domain.poundsToPence(shipping.shippingCharge),
      shippingThreshold: domain.poundsToPence(shipping.shippingThreshold),
    };
    const shoppers = [];
    for (let i = 0; i < customers; i += 1) shoppers.push(await signUp(base, 90_000 + i));
    const body = (c, k) => {
      const p = products[k % products.length];
      const totals = domain.priceOrder(
        [{ offerPrice: p.offer_price, quantity: 1, vatBasisPoints: p.vat_basis_points }],
        settings,
      );
      return {
        items: [{ product: p.id, quantity: 1 }],
        address: c.addressId,
        paymentType: 'COD',
        amount: domain.penceToPounds(totals.amount),
        shippingCharge: domain.penceToPounds(totals.shipping),
        totalVat: domain.penceToPounds(totals.vat),
        deliverySlot: { date, time: domain.DELIVERY_SLOTS[k % 3] },
      };
    };
    const before = [];
    const during = [];
    const refused = new Map();
    let phase = 'before';
    let stop = false;
    const loops = shoppers.map(async (c, n) => {
      for (let k = n; !stop; k += customers) {
        const t0 = performance.now();
        const res = await api(base, 'POST', '/api/order/cod', {
          cookie: c.cookie,
          body: body(c, k),
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        const ms = performance.now() - t0;
        if (phase === 'before') before.push(ms);
        else if (phase === 'during') during.push(ms);
        if (res.status !== 201) {
          const why = `${res.status} ${res.json?.message ?? ''}`.trim();
          refused.set(why, (refused.get(why) ?? 0) + 1);
        }
        // A shopper's pace: about five orders a second each.
        await sleep(200);
      }
    });

    const count = async () =>
      Number(
        (await db.query('select count(*) from orders where standing_order_id = any($1::uuid[])', [planIds]))
          .rows[0].count,
      );
    await sleep(Math.max(0, dueAt.getTime() - Date.now()));
    phase = 'waiting';
    // The checkouts count as "during" from the first plan's order on.
    const deadline = Date.now() + 240_000;
    let placed = 0;
    while (Date.now() < deadline) {
      placed = await count();
      if (placed > 0 && phase === 'waiting') phase = 'during';
      if (placed >= plans) break;
      await sleep(250);
    }
    phase = 'after';
    stop = true;
    await Promise.all(loops);

    const { rows: times } = await db.query(
      `select min(created_at) as first, max(created_at) as last from orders where standing_order_id = any($1::uuid[])`,
      [planIds],
    );
    const twice = Number(
      (
        await db.query(
          `select count(*) from (select 1 from orders where standing_order_id = any($1::uuid[])
             group by standing_order_id, delivery_date having count(*) > 1) t`,
          [planIds],
        )
      ).rows[0].count,
    );
    const missed = Number(
      (
        await db.query(
          `select count(*) from standing_orders s where s.id = any($1::uuid[]) and not exists
             (select 1 from orders o where o.standing_order_id = s.id and o.delivery_date = $2::date)`,
          [planIds, date],
        )
      ).rows[0].count,
    );
    const first = times[0].first ? new Date(times[0].first) : undefined;
    const last = times[0].last ? new Date(times[0].last) : undefined;
    before.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    return {
      plans,
      placed,
      twice,
      missed,
      // From the moment they became due to the last order.
      allPlacedAfterS: last ? (last.getTime() - dueAt.getTime()) / 1000 : NaN,
      placingS: first && last ? (last.getTime() - first.getTime()) / 1000 : NaN,
      ordersPerSecond:
        first && last ? placed / Math.max(0.001, (last.getTime() - first.getTime()) / 1000) : NaN,
      checkoutsBefore: { n: before.length, p50: percentile(before, 50), p99: percentile(before, 99) },
      checkoutsDuring: { n: during.length, p50: percentile(during, 50), p99: percentile(during, 99) },
      refused,
    };
  } finally {
    await db.end();
  }
}
