// The promotions' line of `npm run bench`: what pricing with promotions adds to a checkout's CPU. Customers place
// 10-line baskets (six products in promotions, two or three of each so that they form deals, and four others)
// in pairs of bursts, one with no promotion running and one with 20 running (multi-buys and "3 for 2"s). Measured:
// the API's CPU per checkout in each burst, the median of the pairs' differences beside the same figure for two
// alike bursts (the noise), and the pricing function alone in this process (a 10-line basket priced with 20
// promotions and with none).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';

const PROMOTIONS = 20;
/** Pairs of bursts, one without and one with the promotions (BENCH_PROMOTION_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_PROMOTION_ROUNDS) || 8;
/** Orders each customer places in the burst, not measured, that follows a start or an end of the promotions. */
const SETTLING_ORDERS = 2;

/**
 * @param {object} o
 * @param {string} o.base the shop's URL
 * @param {number} o.pid the API's process id
 * @param {number} o.customers customers placing at once
 * @param {number} o.ordersEach orders each places per burst
 * @param {Function} o.api the bench's HTTP helper
 * @param {(base: string, n: number) => Promise<{cookie: string, addressId: string}>} o.signUp
 * @param {(base: string, products: object[]) => Promise<void>} o.prepareShopForLoad
 * @param {(pid: number) => number} o.cpuMs
 * @param {object} o.domain shared-domain
 */
export async function benchPromotions({
  base,
  pid,
  customers,
  ordersEach,
  api,
  signUp,
  prepareShopForLoad,
  cpuMs,
  domain,
}) {
  const list = (await api(base, 'GET', '/api/product/list')).json.products.filter(
    (p) => p.inStock && !p.ageRestricted,
  );
  if (list.length < PROMOTIONS + 4)
    throw new Error(`the demo catalogue has fewer than ${PROMOTIONS + 4} products`);
  await prepareShopForLoad(base, list);
  const login = await api(base, 'POST', '/api/seller/login', {
    body: { email: 'seller@larder.local', password: 'larder-seller' },
  });
  const seller = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  const shipping = (await api(base, 'GET', '/api/settings/shipping')).json;
  const settings = {
    shippingCharge: domain.poundsToPence(shipping.shippingCharge),
    shippingThreshold: domain.poundsToPence(shipping.shippingThreshold),
  };
  const date = domain.selectableDeliveryDate(new Date());
  const promoted = list.slice(0, PROMOTIONS);
  const others = list.slice(PROMOTIONS);

  const shoppers = [];
  for (let i = 0; i < customers; i += 10) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, customers - i) }, (_, j) => signUp(base, 9000 + i + j)),
      )),
    );
  }

  /** The promotions to run: even ones "2 for" a little less than two, odd ones "3 for 2". */
  const terms = promoted.map((p, i) =>
    i % 2 === 0
      ? {
          kind: 'multibuy',
          products: [p._id],
          quantity: 2,
          price: domain.penceToPounds(
            Math.max(
              1,
              2 *
                domain.unitPriceWithVat(
                  domain.poundsToPence(p.offerPrice),
                  domain.percentToBasisPoints(p.vat),
                ) -
                20,
            ),
          ),
        }
      : { kind: 'buy_get_free', products: [p._id], quantity: 2, free: 1 },
  );
  let running = [];
  const start = async () => {
    const startsAt = new Date().toISOString();
    const endsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    running = [];
    for (const t of terms) {
      const res = await api(base, 'POST', '/api/seller/promotions', {
        cookie: seller,
        body: { ...t, startsAt, endsAt },
      });
      if (res.status !== 201)
        throw new Error(`creating a promotion answered ${res.status}: ${JSON.stringify(res.json)}`);
      running.push(res.json.promotion);
    }
  };
  const stop = async () => {
    for (const p of running) {
      const res = await api(base, 'DELETE', `/api/seller/promotions/${p._id}`, { cookie: seller });
      if (res.status !== 200) throw new Error(`ending a promotion answered ${res.status}`);
    }
    running = [];
  };

  /** A 10-line basket: six promoted products, two or three of each, and four others, one of each. */
  const basket = (n, k) => {
    const lines = [];
    for (let j = 0; j < 6; j += 1)
      lines.push({ product: promoted[(n * 3 + k + j) % promoted.length], quantity: 2 + ((n + j) % 2) });
    for (let j = 0; j < 4; j += 1)
      lines.push({ product: others[(n * 5 + k + j) % others.length], quantity: 1 });
    return lines;
  };
  const orderBody = (c, n, k) => {
    const lines = basket(n, k);
    const totals = domain.priceOrder(
      lines.map(({ product, quantity }) => ({
        product: product._id,
        offerPrice: domain.poundsToPence(product.offerPrice),
        vatBasisPoints: domain.percentToBasisPoints(product.vat),
        quantity,
      })),
      settings,
      domain.promotionRules(running),
    );
    return {
      items: lines.map(({ product, quantity }) => ({ product: product._id, quantity })),
      address: c.addressId,
      paymentType: 'COD',
      amount: domain.penceToPounds(totals.amount),
      shippingCharge: domain.penceToPounds(totals.shipping),
      totalVat: domain.penceToPounds(totals.vat),
      deliverySlot: { date, time: domain.DELIVERY_SLOTS[(n + k) % domain.DELIVERY_SLOTS.length] },
    };
  };

  let round = 0;
  /**
   * Every customer places `ordersEach` orders at once; the API's CPU per request and how many were refused. Then,
   * outside the measured time, each cancels what it placed, so that any number of bursts fits the delivery slots.
   */
  const burst = async (each = ordersEach) => {
    round += 1;
    const before = cpuMs(pid);
    let requests = 0;
    let refused = 0;
    const placed = shoppers.map(() => []);
    await Promise.all(
      shoppers.map(async (c, n) => {
        for (let k = 0; k < each; k += 1) {
          const res = await api(base, 'POST', '/api/order/cod', {
            cookie: c.cookie,
            body: orderBody(c, n, round * ordersEach + k),
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          requests += 1;
          if (res.status === 201) placed[n].push(res.json.orderId);
          else refused += 1;
        }
      }),
    );
    const cpuPerRequest = (cpuMs(pid) - before) / requests;
    await Promise.all(
      shoppers.map(async (c, n) => {
        for (const id of placed[n]) {
          const res = await api(base, 'PUT', `/api/order/${id}/cancel`, { cookie: c.cookie });
          if (res.status !== 200) throw new Error(`cancelling an order answered ${res.status}`);
        }
      }),
    );
    // What the cancellations set off (notifications, reloads) is over before the next burst's reading.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { cpuPerRequest, requests, refused };
  };

  // Pairs of bursts, one without and one with the promotions, ROUNDS of them (BENCH_PROMOTION_ROUNDS, default 8):
  // a burst's CPU swings with the collections that fall in it and with the machine's other work, so each pair is
  // compared on its own and the middle difference is the figure. The order flips from pair to pair (none, with;
  // with, none; ...), so neither side is always the later one. Starting or ending the promotions is a seller's
  // change, not a checkout's: the shop's caches and compiled code settle after it in a burst that is not measured.
  await burst(); // warms the checkout code
  await start();
  await burst(); // warms the promotions' code
  await stop();
  const noneRuns = [];
  const withRuns = [];
  const settleAfter = async (change) => {
    await change();
    await burst(SETTLING_ORDERS);
  };
  for (let r = 0; r < ROUNDS; r += 1) {
    if (r % 2 === 0) {
      noneRuns.push(await burst());
      await settleAfter(start);
      withRuns.push(await burst());
    } else {
      withRuns.push(await burst());
      await settleAfter(stop);
      noneRuns.push(await burst());
    }
  }
  if (running.length) await stop();

  // The pricing function alone, in this process.
  const lines = basket(1, 1).map(({ product, quantity }) => ({
    product: product._id,
    offerPrice: domain.poundsToPence(product.offerPrice),
    vatBasisPoints: domain.percentToBasisPoints(product.vat),
    quantity,
  }));
  const rules = terms.map((t, i) => ({
    id: `p${i}`,
    kind: t.kind,
    products: t.products,
    quantity: t.quantity,
    price: t.price === undefined ? 0 : domain.poundsToPence(t.price),
    free: t.free ?? 0,
  }));
  const time = (withRules) => {
    const runs = 20_000;
    for (let i = 0; i < 2000; i += 1) domain.priceBasket(lines, settings, withRules);
    const t0 = performance.now();
    for (let i = 0; i < runs; i += 1) domain.priceBasket(lines, settings, withRules);
    return ((performance.now() - t0) * 1000) / runs;
  };
  const functionUs = { none: time([]), with: time(rules) };

  if (process.env.BENCH_VERBOSE)
    console.log(
      `  CPU ms per checkout, each burst: none ${noneRuns.map((b) => b.cpuPerRequest.toFixed(2)).join(' ')}; ` +
        `with ${withRuns.map((b) => b.cpuPerRequest.toFixed(2)).join(' ')}`,
    );
  const mean = (runs) => runs.reduce((sum, b) => sum + b.cpuPerRequest, 0) / runs.length;
  const added = middle(withRuns.map((b, i) => b.cpuPerRequest - noneRuns[i].cpuPerRequest));
  // The control: two bursts alike, one after the other with nothing changed between (the second of a pair and the
  // first of the next), compared the same way. What it shows is the machine's noise, since nothing differs.
  // Between pairs r - 1 and r: the two "with" bursts when r is odd, the two "without" when it is even; the sign
  // alternates as the pairs' order does.
  const alike = middle(
    Array.from({ length: ROUNDS - 1 }, (_, k) => {
      const r = k + 1;
      const runs = r % 2 ? withRuns : noneRuns;
      const [earlier, later] = [runs[r - 1].cpuPerRequest, runs[r].cpuPerRequest];
      return r % 2 ? later - earlier : earlier - later;
    }),
  );
  return {
    none: mean(noneRuns),
    with: mean(withRuns),
    added,
    alike,
    rounds: ROUNDS,
    refused: [...noneRuns, ...withRuns].reduce((sum, b) => sum + b.refused, 0),
    functionUs,
  };
}

/** The median of some figures and their middle half (NaN for none). */
export function middle(values) {
  if (!values.length) return { median: NaN, low: NaN, high: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const n = sorted.length;
  return {
    median: n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    low: at(0.25),
    high: at(0.75),
  };
}
