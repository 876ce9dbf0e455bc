// The promotions' line of `npm run bench`: what pricing with promotions adds to a checkout's CPU. Customers place
// 10-line baskets (six products in promotions, two or three of each so that they form deals, and four others)
// first with no promotion running, then with 20 running (multi-buys and "3 for 2"s), then again without and with
// (alternating evens out a machine whose speed drifts). Measured: the API's CPU per checkout in each, and the
// pricing function alone in this process (a 10-line basket priced with 20 promotions and with none).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';

const PROMOTIONS = 20;

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
  /** Every customer places `ordersEach` orders at once; the API's CPU per request and how many were refused. */
  const burst = async () => {
    round += 1;
    const before = cpuMs(pid);
    let requests = 0;
    let refused = 0;
    await Promise.all(
      shoppers.map(async (c, n) => {
        for (let k = 0; k < ordersEach; k += 1) {
          const res = await api(base, 'POST', '/api/order/cod', {
            cookie: c.cookie,
            body: orderBody(c, n, round * ordersEach + k),
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          requests += 1;
          if (res.status !== 201) refused += 1;
        }
      }),
    );
    return { cpuPerRequest: (cpuMs(pid) - before) / requests, requests, refused };
  };

  await burst(); // warms the checkout code
  const none1 = await burst();
  await start();
  await burst(); // warms the promotions' code
  const with1 = await burst();
  await stop();
  const none2 = await burst();
  await start();
  const with2 = await burst();
  await stop();

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

  const none = (none1.cpuPerRequest + none2.cpuPerRequest) / 2;
  const withPromotions = (with1.cpuPerRequest + with2.cpuPerRequest) / 2;
  return {
    none,
    with: withPromotions,
    added: withPromotions - none,
    bursts: { none1, with1, none2, with2 },
    refused: none1.refused + with1.refused + none2.refused + with2.refused,
    functionUs,
  };
}
