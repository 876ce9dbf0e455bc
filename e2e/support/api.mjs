// Setting the scene over HTTP, for journeys whose subject is something else (e.g. the seller's
// order screen needs an order to exist). Requests go through the browser context's own request
// client, so the cookies they receive sign that context in.
import assert from 'node:assert/strict';
import { SELLER } from './env.mjs';

async function call(request, method, url, data) {
  const res = await request.fetch(url, { method, data, failOnStatusCode: false });
  let body;
  try {
    body = await res.json();
  } catch {
    body = await res.text();
  }
  assert.ok(res.ok(), `${method} ${url} answered ${res.status()}: ${JSON.stringify(body)}`);
  return body;
}

let sequence = 0;

/** A new customer with a unique email address. */
export function newCustomer(label = 'shopper') {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${label}.${stamp}@example.com`,
    phone: '07700 900123',
  };
}

export const ADDRESS = {
  street: '12 Harbourside Walk',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5TX',
  country: 'United Kingdom',
};

/** Signs a new customer up through the development identity provider; the context is then signed in. */
export async function apiSignUp(context, customer) {
  const { tokenId } = await call(context.request, 'POST', '/api/auth/dev/id-token', {
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
  });
  const body = await call(context.request, 'POST', '/api/user/google-login', {
    tokenId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone,
  });
  return body.user;
}

export async function apiAddAddress(context, address = ADDRESS) {
  const body = await call(context.request, 'PUT', '/api/user/add-address', { address });
  return body.newAddress;
}

export async function apiSetCart(context, cartItems) {
  return call(context.request, 'POST', '/api/cart/update', { cartItems });
}

/** The cart the server holds for the signed-in customer of `context`. */
export async function apiCart(context) {
  const body = await call(context.request, 'GET', '/api/user/is-auth');
  return body.user.cartItems;
}

export async function apiProducts(context) {
  const body = await call(context.request, 'GET', '/api/product/list');
  return body.products;
}

export async function apiShipping(context) {
  const { shippingCharge, shippingThreshold } = await call(context.request, 'GET', '/api/settings/shipping');
  return { shippingCharge, shippingThreshold };
}

export async function apiSellerLogin(context) {
  return call(context.request, 'POST', '/api/seller/login', SELLER);
}

export async function apiSetShipping(context, settings) {
  return call(context.request, 'POST', '/api/settings/shipping', settings);
}

export async function apiUserOrders(context) {
  const body = await call(context.request, 'GET', '/api/order/user');
  return body.orders;
}

const toPence = (pounds) => Math.round(pounds * 100);

/** The one delivery date on offer (YYYY-MM-DD): tomorrow before 15:00 London time, else the day after. */
export function deliveryDate(now = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const ahead = Number(parts.hour) < 15 ? 1 : 2;
  const d = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + ahead));
  return d.toISOString().slice(0, 10);
}

/** Goods, VAT (rounded half-up once, on the sum) and shipping in pence, as the shop prices an order. */
export function priceLines(lines, settings) {
  const goods = lines.reduce((s, l) => s + toPence(l.product.offerPrice) * l.quantity, 0);
  const vatNumerator = lines.reduce(
    (s, l) => s + toPence(l.product.offerPrice) * l.quantity * Math.round(l.product.vat * 100),
    0,
  );
  const vat = Math.floor((vatNumerator + 5000) / 10000);
  const shipping = goods >= toPence(settings.shippingThreshold) ? 0 : toPence(settings.shippingCharge);
  return { goods, vat, shipping, total: goods + vat + shipping };
}

/** Places a cash-on-delivery order for the signed-in customer of `context`. */
export async function apiPlaceOrder(context, { lines, addressId, time = '10:00 - 11:00' }) {
  const settings = await apiShipping(context);
  const totals = priceLines(lines, settings);
  const body = await call(context.request, 'POST', '/api/order/cod', {
    items: lines.map((l) => ({ product: l.product._id, quantity: l.quantity, vat: l.product.vat })),
    address: addressId,
    paymentType: 'COD',
    amount: totals.total / 100,
    shippingCharge: totals.shipping / 100,
    totalVat: totals.vat / 100,
    deliverySlot: { date: deliveryDate(), time },
  });
  return body.orderId;
}

/**
 * Adds a product as the seller of `context` (POST /api/product/add, multipart with one drawn picture) and
 * returns it as the API lists it.
 */
export async function apiAddProduct(context, productData, image) {
  const res = await context.request.fetch('/api/product/add', {
    method: 'POST',
    multipart: {
      productData: JSON.stringify(productData),
      images: { name: 'picture.png', mimeType: 'image/png', buffer: image },
    },
    failOnStatusCode: false,
  });
  const body = await res.json();
  assert.ok(res.ok(), `POST /api/product/add answered ${res.status()}: ${JSON.stringify(body)}`);
  return body.product;
}

/** Sets a product's counted stock (null: not counted) as the seller of `context`. */
export async function apiSetStock(context, id, stock) {
  return call(context.request, 'POST', '/api/product/stock', { id, stock });
}

/** The selectable delivery date's slots with their places: `{ date, slots: [{ time, capacity, booked, available }] }`. */
export async function apiDeliverySlots(context) {
  const { date, slots } = await call(context.request, 'GET', '/api/delivery/slots');
  return { date, slots };
}

/** Sets how many orders each delivery slot takes, as the seller of `context`. */
export async function apiSetSlotCapacity(context, slotCapacity) {
  return call(context.request, 'POST', '/api/settings/delivery', { slotCapacity });
}
