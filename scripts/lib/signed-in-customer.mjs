/**
 * A signed-in customer of a running shop, for measuring the pages only a customer sees (`npm run lighthouse --
 * --signed-in`): signed in the way the browser journeys do it (the development identity provider, which the built
 * shop offers while no Google client is configured), with a saved address, products in the basket and in the
 * favourites, and an order placed (so My orders and the usuals have lines).
 */

const CUSTOMER = {
  firstName: 'Measure',
  lastName: 'Shopper',
  phone: '07700 900123',
};

const ADDRESS = {
  street: '12 Harbourside Walk',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5TX',
  country: 'United Kingdom',
};

/** The session cookie (`name=value`) from a response's Set-Cookie headers. */
function sessionCookie(response) {
  const cookies = response.headers.getSetCookie?.() ?? [];
  const session = cookies.find((c) => /^(__Host-)?larder_customer=/.test(c));
  return session?.split(';')[0];
}

/**
 * Signs a new customer in on `origin` and fills their basket, favourites and orders.
 * @returns {Promise<{ cookie: string, email: string }>} the Cookie header that carries their session
 */
export async function signedInCustomer(origin) {
  const email = `measure-${Date.now()}@larder.test`;
  let cookie;
  const call = async (method, url, body) => {
    const response = await fetch(origin + url, {
      method,
      headers: {
        origin,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json().catch(() => ({}));
    return { response, answer };
  };
  const must = async (method, url, body) => {
    const { response, answer } = await call(method, url, body);
    if (!response.ok)
      throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
    return { response, answer };
  };

  const { firstName, lastName } = CUSTOMER;
  const { answer: token } = await must('POST', '/api/auth/dev/id-token', { email, firstName, lastName });
  const { response: login } = await must('POST', '/api/user/google-login', {
    tokenId: token.tokenId,
    ...CUSTOMER,
  });
  cookie = sessionCookie(login);
  if (!cookie) throw new Error('Signing in set no session cookie');

  const { answer: saved } = await must('PUT', '/api/user/add-address', { address: ADDRESS });
  const { answer: list } = await must('GET', '/api/product/list');
  // Products anyone may buy at any hour, counted stock or not.
  const products = list.products.filter((p) => p.inStock && !p.ageRestricted).slice(0, 8);
  if (products.length < 8) throw new Error('The catalogue has fewer than 8 products in stock');

  // An order of three products: My orders shows it, and the usuals count it.
  const { answer: slots } = await must('GET', '/api/delivery/slots');
  const order = {
    items: products.slice(0, 3).map((p) => ({ product: p._id, quantity: 2 })),
    address: saved.newAddress._id,
    paymentType: 'COD',
    deliverySlot: { date: slots.date, time: slots.slots[0].time },
  };
  // The totals are the server's: the first answer names them ("Prices have changed"), the second places it.
  const { response: priced, answer: totals } = await call('POST', '/api/order/cod', {
    ...order,
    amount: 0.01,
    shippingCharge: 0,
    totalVat: 0,
  });
  if (priced.status !== 409 || typeof totals.amount !== 'number')
    throw new Error(`POST /api/order/cod answered ${priced.status}: ${JSON.stringify(totals)}`);
  const { amount, shippingCharge, totalVat } = totals;
  await must('POST', '/api/order/cod', { ...order, amount, shippingCharge, totalVat });

  for (const product of products.slice(2, 7)) await must('PUT', `/api/user/favourites/${product._id}`);
  await must('POST', '/api/cart/update', {
    cartItems: Object.fromEntries(products.slice(3, 8).map((p, i) => [p._id, i + 1])),
  });
  return { cookie, email };
}
