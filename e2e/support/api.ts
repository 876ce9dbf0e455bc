// Setting the scene through the shop's real HTTP API, for journeys whose subject is something else
// (e.g. the seller's order screen needs an order to exist). Requests go through a browser context's
// own request client, so the cookies they receive sign that context (and its pages) in.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { makePng } from './png';

export const SELLER = {
  email: process.env.SELLER_EMAIL ?? 'seller@larder.local',
  password: process.env.SELLER_PASSWORD ?? 'larder-seller',
};

/**
 * The business details the journeys save (a shop has one set): always these, so that journeys running side by
 * side see the shop named either by the spec's "Larder, London, UK" (before any journey saved them) or by these.
 */
export const SHOP_BUSINESS = {
  legalName: 'Larder Groceries Ltd',
  address: '12 Borough High Street, London SE1 9QQ',
  email: 'hello@larder.test',
  phone: '020 7946 0000',
} as const;

/** The shop as a page names it as the business responsible for its own food: either of the two. */
export const SHOP_AS_BUSINESS = new RegExp(
  `^(Larder, London, UK|${SHOP_BUSINESS.legalName}, ${SHOP_BUSINESS.address})$`,
);

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface Address {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** A product as GET /api/product/list shows it: prices in pounds, VAT in percent. */
export interface Product {
  _id: string;
  name: string;
  description: string[];
  category: string;
  /** MRP and offer price before VAT (what the seller enters). */
  price: number;
  offerPrice: number;
  /** The same with VAT: what shoppers are shown and pay. */
  priceWithVat: number;
  offerPriceWithVat: number;
  vat: number;
  inStock: boolean;
  images: string[];
  /** Counted stock; null when the seller does not count it. */
  stock: number | null;
  ingredients: string | null;
  allergens: string[];
  /** Sold to adults only: an order with it carries the customer's confirmation. */
  ageRestricted?: boolean;
  /** Whether the seller confirmed the allergens (only then is a product "free from" anything). */
  allergensConfirmed?: boolean;
  /** The pack: 250 g, 1 l, 4 each. */
  netQuantity?: number;
  unit?: 'g' | 'kg' | 'ml' | 'l' | 'each';
  /** The price per kg, litre, 100 g, 100 ml, 10 g or item, in pounds, as the shop works it out. */
  unitPrice?: UnitPrice;
  /** Per 100 g (100 ml for drinks); null when the seller gave none. */
  nutrition?: Nutrition | null;
  trafficLights?: Record<'fat' | 'saturates' | 'sugars' | 'salt', 'low' | 'medium' | 'high'> | null;
  storage?: string | null;
  origin?: string | null;
  producer?: { name: string; address: string } | null;
  dietary?: ('vegetarian' | 'vegan')[];
}

export interface UnitPrice {
  amount: number;
  per: 'kg' | 'litre' | '100g' | '100ml' | '10g' | 'each';
}

/** Grams per 100 g or 100 ml, energy in kJ and kcal. */
export interface Nutrition {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  fibre: number | null;
  protein: number;
  salt: number;
}

/** What a shopper filters a list by: allergen ids to leave out, and a diet. */
export interface FoodFilters {
  freeFrom?: string[];
  diet?: 'vegetarian' | 'vegan';
}

export interface ShippingSettings {
  shippingCharge: number;
  shippingThreshold: number;
}

export interface NewProduct {
  name: string;
  category: string;
  price: number;
  offerPrice: number;
  vat: number;
  /** The pack (left out: one item). */
  netQuantity?: number;
  unit?: 'g' | 'kg' | 'ml' | 'l' | 'each';
  description?: string[];
  /** Counted stock (left out: not counted). */
  stock?: number | null;
  ingredients?: string;
  /** Ids of the UK allergens it contains, e.g. `gluten`, `milk`. */
  allergens?: string[];
  /** Sold to adults only (alcohol). */
  ageRestricted?: boolean;
  /** Per 100 g, as the API takes it (fibre may be null). */
  nutrition?: {
    energyKj: number;
    energyKcal: number;
    fat: number;
    saturates: number;
    carbohydrate: number;
    sugars: number;
    fibre: number | null;
    protein: number;
    salt: number;
  };
  /** Fruit, vegetables and nuts, whole percent. */
  fruitVegNuts?: number;
  /** Its category in Schedule 1 to SI 2021/1368 (food promotion rules). */
  hfssCategory?: string;
}

/** One delivery slot of the selectable date with its places. */
export interface SlotPlaces {
  time: string;
  capacity: number;
  booked: number;
  available: number;
}

export interface OrderLine {
  product: Pick<Product, '_id' | 'offerPrice' | 'vat' | 'ageRestricted'>;
  quantity: number;
}

/** Amounts in pence, as the shop prices an order. */
export interface Totals {
  goods: number;
  /** The goods' VAT (the request's `totalVat`). */
  vat: number;
  shipping: number;
  total: number;
  /** All the VAT the total includes, the delivery charge's too ("includes VAT £x"). */
  vatIncluded: number;
}

export const ADDRESS: Address = {
  street: '12 Harbourside Walk',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5TX',
  country: 'United Kingdom',
};

export const toPence = (pounds: number): number => Math.round(pounds * 100);

/** An order's reference, as the pages, the run sheet and the takings' CSV show it. */
export const orderRef = (id: string): string => id.replace(/-/g, '').slice(0, 8).toUpperCase();

let sequence = 0;

/** A new customer with a unique email address. */
export function newCustomer(label = 'shopper'): Customer {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${label}.${stamp}@example.com`,
    phone: '07700 900123',
  };
}

/** A name no other run has used, for products a journey creates. */
export function uniqueName(base: string): string {
  sequence += 1;
  return `${base} ${Date.now().toString(36)}${sequence}`;
}

/** A unit's price with VAT in pence, as shoppers are shown it: offer price x (1 + VAT), rounded half-up. */
export function withVatPence(offerPrice: number, vatPercent: number): number {
  return Math.floor((toPence(offerPrice) * (10000 + Math.round(vatPercent * 100)) + 5000) / 10000);
}

/**
 * Goods, VAT and shipping in pence, as the shop prices an order: each line is its unit's price with VAT times
 * the quantity, and the VAT is what those lines hold over the goods.
 */
export function priceLines(lines: readonly OrderLine[], settings: ShippingSettings): Totals {
  const goods = lines.reduce((s, l) => s + toPence(l.product.offerPrice) * l.quantity, 0);
  const shown = lines.reduce((s, l) => s + withVatPence(l.product.offerPrice, l.product.vat) * l.quantity, 0);
  const vat = shown - goods;
  const shipping = goods >= toPence(settings.shippingThreshold) ? 0 : toPence(settings.shippingCharge);
  const vatIncluded = vat + deliveryVatPence(lines, shipping);
  return { goods, vat, shipping, total: goods + vat + shipping, vatIncluded };
}

/**
 * The VAT in a delivery charge (pence), as HMRC VAT Notice 700/24 has it and the shop works it out: the charge
 * follows the goods' VAT rates, shared between them by the goods' value before VAT (whole pence by largest
 * remainders), each share holding VAT at its rate; with no goods of any value, the standard rate.
 */
export function deliveryVatPence(lines: readonly OrderLine[], shipping: number): number {
  if (shipping <= 0) return 0;
  const byRate = new Map<number, number>();
  for (const l of lines) {
    const rate = Math.round(l.product.vat * 100);
    byRate.set(rate, (byRate.get(rate) ?? 0) + toPence(l.product.offerPrice) * l.quantity);
  }
  const rates = [...byRate.entries()].filter(([, net]) => net > 0).sort((a, b) => a[0] - b[0]);
  if (!rates.length) rates.push([2000, 1]);
  const total = rates.reduce((sum, [, net]) => sum + net, 0);
  const shares = rates.map(([, net]) => Math.floor((shipping * net) / total));
  let left = shipping - shares.reduce((sum, share) => sum + share, 0);
  const order = rates
    .map(([, net], i) => ({ i, rest: (shipping * net) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k].i] += 1;
  return rates.reduce((sum, [rate], i) => {
    const net = Math.floor((2 * shares[i] * 10000 + (10000 + rate)) / (2 * (10000 + rate)));
    return sum + shares[i] - net;
  }, 0);
}

interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function bodyOf(res: APIResponse): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return await res.text();
  }
}

/** The shop's API as one browser context (its cookies) calls it; every call must succeed. */
export class ShopApi {
  constructor(private readonly request: APIRequestContext) {}

  private async call<T>(
    method: string,
    url: string,
    options: { data?: unknown; multipart?: Record<string, string | FilePart> } = {},
  ): Promise<T> {
    const res = await this.request.fetch(url, { method, ...options, failOnStatusCode: false });
    const body = await bodyOf(res);
    expect(res.ok(), `${method} ${url} answered ${res.status()}: ${JSON.stringify(body)}`).toBe(true);
    return body as T;
  }

  /** Signs a new customer up through the development identity provider; the context is then signed in. */
  async signUp(customer: Customer): Promise<{ _id: string; email: string }> {
    const { tokenId } = await this.call<{ tokenId: string }>('POST', '/api/auth/dev/id-token', {
      data: { email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
    });
    const body = await this.call<{ user: { _id: string; email: string } }>('POST', '/api/user/google-login', {
      data: { tokenId, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone },
    });
    return body.user;
  }

  async addAddress(address: Address = ADDRESS): Promise<{ _id: string }> {
    const body = await this.call<{ newAddress: { _id: string } }>('PUT', '/api/user/add-address', {
      data: { address },
    });
    return body.newAddress;
  }

  async setCart(cartItems: Record<string, number>): Promise<void> {
    await this.call('POST', '/api/cart/update', { data: { cartItems } });
  }

  /** The cart the server holds for the signed-in customer. */
  async cart(): Promise<Record<string, number>> {
    const body = await this.call<{ user: { cartItems: Record<string, number> } }>('GET', '/api/user/is-auth');
    return body.user.cartItems;
  }

  async products(): Promise<Product[]> {
    return (await this.call<{ products: Product[] }>('GET', '/api/product/list')).products;
  }

  /** A product of the catalogue by its name (the demo catalogue's, or one a journey added). */
  async product(name: string): Promise<Product> {
    const found = (await this.products()).find((p) => p.name === name);
    expect(found, `${name} is in the product list`).toBeDefined();
    return found as Product;
  }

  /** GET /api/product/search with only free-from and diet filters: the products the shop says pass them. */
  async searchByFilters(filters: FoodFilters): Promise<Product[]> {
    const query = new URLSearchParams();
    if (filters.freeFrom?.length) query.set('freeFrom', filters.freeFrom.join(','));
    if (filters.diet) query.set('diet', filters.diet);
    return (await this.call<{ products: Product[] }>('GET', `/api/product/search?${query.toString()}`))
      .products;
  }

  async inStockProducts(): Promise<Product[]> {
    return (await this.products()).filter((p) => p.inStock);
  }

  async shipping(): Promise<ShippingSettings> {
    const { shippingCharge, shippingThreshold } = await this.call<ShippingSettings>(
      'GET',
      '/api/settings/shipping',
    );
    return { shippingCharge, shippingThreshold };
  }

  async sellerLogin(): Promise<void> {
    await this.call('POST', '/api/seller/login', { data: SELLER });
  }

  /** Saves the shop's business details (the seller signed in with `sellerLogin`). */
  async saveBusinessDetails(details: typeof SHOP_BUSINESS = SHOP_BUSINESS): Promise<void> {
    await this.call('POST', '/api/settings/business', { data: details });
  }

  async setShipping(settings: ShippingSettings): Promise<void> {
    await this.call('POST', '/api/settings/shipping', { data: settings });
  }

  /** Adds a product as the seller (signed in with `sellerLogin`), with one generated picture. */
  async addProduct(product: NewProduct): Promise<Product> {
    await this.call('POST', '/api/product/add', {
      multipart: {
        productData: JSON.stringify({
          ...product,
          netQuantity: product.netQuantity ?? 1,
          unit: product.unit ?? 'each',
          description: product.description ?? ['Made for a journey'],
        }),
        images: { name: 'picture.png', mimeType: 'image/png', buffer: await makePng() },
      },
    });
    const added = (await this.products()).find((p) => p.name === product.name);
    expect(added, `${product.name} is in the product list after adding it`).toBeDefined();
    return added as Product;
  }

  /** Creates a promotion as the seller (owner or manager); answers its id and label. */
  async createPromotion(promotion: {
    kind: 'multibuy' | 'buy_get_free' | 'reduction';
    products: string[];
    quantity?: number;
    price?: number;
    free?: number;
    startsAt: string;
    endsAt: string;
  }): Promise<{ _id: string; label: string }> {
    return (
      await this.call<{ promotion: { _id: string; label: string } }>('POST', '/api/seller/promotions', {
        data: promotion,
      })
    ).promotion;
  }

  /** Whether the food promotion rules apply to the shop, as the owner. */
  async setFoodPromotion(qualifyingBusiness: boolean): Promise<void> {
    await this.call('POST', '/api/settings/food-promotion', { data: { qualifyingBusiness } });
  }

  /** The premises licence's hours for alcohol every day ("HH:MM" London), as the owner or a manager. */
  async setLicensedHours(from: string, until: string): Promise<void> {
    const hours = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [from, until]]));
    await this.call('POST', '/api/settings/licence', { data: { hours } });
  }

  /** Ends a promotion now (or removes a scheduled one), as the seller. */
  async endPromotion(id: string): Promise<void> {
    await this.call('DELETE', `/api/seller/promotions/${id}`);
  }

  /** Sets a product's counted stock (null: not counted), as the seller. */
  async setStock(id: string, stock: number | null): Promise<void> {
    await this.call('POST', '/api/product/stock', { data: { id, stock } });
  }

  /** The signed-in customer's orders, newest first, with the names of their items. */
  async orders(): Promise<{ _id: string; items: { name: string; quantity: number }[] }[]> {
    return (
      await this.call<{ orders: { _id: string; items: { name: string; quantity: number }[] }[] }>(
        'GET',
        '/api/order/user',
      )
    ).orders;
  }

  /** The selectable delivery date and its three slots with their places. */
  async deliverySlots(): Promise<{ date: string; slots: SlotPlaces[] }> {
    const { date, slots } = await this.call<{ date: string; slots: SlotPlaces[] }>(
      'GET',
      '/api/delivery/slots',
    );
    return { date, slots };
  }

  /** How many orders one delivery slot of one date takes. */
  async slotCapacity(): Promise<number> {
    return (await this.call<{ slotCapacity: number }>('GET', '/api/settings/delivery')).slotCapacity;
  }

  /** Sets how many orders one delivery slot takes, as the seller. */
  async setSlotCapacity(slotCapacity: number): Promise<void> {
    await this.call('POST', '/api/settings/delivery', { data: { slotCapacity } });
  }

  /**
   * Moves an order to its next fulfilment stage, as the seller (signed in with `sellerLogin`); `more` carries the
   * stage's other fields (what was collected at the door).
   */
  async moveFulfilment(id: string, stage: string, lines?: unknown[], more: object = {}): Promise<void> {
    await this.call('PUT', `/api/order/${id}/fulfilment`, {
      data: { stage, ...(lines && { lines }), ...more },
    });
  }

  async deleteProduct(id: string): Promise<void> {
    await this.call('DELETE', `/api/product/${id}`);
  }

  /**
   * Places a cash-on-delivery order for the signed-in customer, for the delivery date the server offers
   * (GET /api/delivery/slots). Should 15:00 London time pass between the two calls, the server refuses
   * that date with a 409 naming the new one (`deliveryDate`), and the order is placed for that.
   */
  async placeOrder({
    lines,
    addressId,
    time = '10:00 - 11:00',
  }: {
    lines: readonly OrderLine[];
    addressId: string;
    time?: string;
  }): Promise<string> {
    const totals = priceLines(lines, await this.shipping());
    const order = (date: string) => ({
      items: lines.map((l) => ({ product: l.product._id, quantity: l.quantity, vat: l.product.vat })),
      address: addressId,
      paymentType: 'COD',
      amount: totals.total / 100,
      shippingCharge: totals.shipping / 100,
      totalVat: totals.vat / 100,
      deliverySlot: { date, time },
      // The journeys' customers are adults, and say so when an order holds an 18+ product.
      ...(lines.some((l) => l.product.ageRestricted) ? { ageConfirmed: true } : {}),
    });
    let { date } = await this.deliverySlots();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await this.request.post('/api/order/cod', { data: order(date), failOnStatusCode: false });
      const body = (await bodyOf(res)) as { orderId?: string; deliveryDate?: string };
      if (res.ok() && body.orderId) return body.orderId;
      expect(
        res.status() === 409 && typeof body.deliveryDate === 'string',
        `POST /api/order/cod answered ${res.status()}: ${JSON.stringify(body)}`,
      ).toBe(true);
      date = body.deliveryDate as string;
    }
    throw new Error('the server kept refusing the delivery date it offered');
  }
}
