/**
 * What many API tests need besides the app: a delivery address the shop delivers to, and the database's own
 * figures for stock and slot bookings.
 *
 *   const { cookie, addressId } = await signInCustomerWithAddress(t, { email: 'ann@example.com' }, ADDRESS);
 *   expect(await stockOf(t, productId)).toBe(8);
 */
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import type { AddressInput } from '@larder/shared-domain';
import { deliverySlotBookings, products } from '../src/db/schema';
import type { TestApp } from './harness';

/** A Bristol address with a BS postcode: inside the default delivery area. */
export const ADDRESS: AddressInput = {
  street: '12 Harbour Way',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
};

/** The shop's address for the `n`th of several customers: the same street, house number `n`. */
export const addressOf = (n: number): AddressInput => ({ ...ADDRESS, street: `${n} Quay St` });

/** The units a product has in stock (null: not counted). */
export async function stockOf(t: Pick<TestApp, 'db'>, id: string): Promise<number | null> {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row.stock;
}

/** The places booked in one delivery slot of a date (0 before the first booking). */
export async function bookedIn(t: Pick<TestApp, 'db'>, date: string, time: string): Promise<number> {
  const [row] = await t.db
    .select({ booked: deliverySlotBookings.booked })
    .from(deliverySlotBookings)
    .where(and(eq(deliverySlotBookings.deliveryDate, date), eq(deliverySlotBookings.deliveryTime, time)));
  return row?.booked ?? 0;
}

/**
 * The seller sets one group of shop settings (`shipping`, `delivery`, `orders`, `delivery-area`) as the settings
 * page does, e.g. free shipping for tests that price orders by hand: `settings(t, seller, 'shipping', { ... })`.
 */
export async function settings(
  t: Pick<TestApp, 'server'>,
  sellerCookie: string,
  group: 'shipping' | 'delivery' | 'orders' | 'delivery-area',
  body: object,
): Promise<void> {
  await request(t.server).post(`/api/settings/${group}`).set('Cookie', sellerCookie).send(body).expect(200);
}

/** No shipping charge whatever the basket: the tests' orders then cost just their lines. */
export const FREE_SHIPPING = { shippingCharge: 0, shippingThreshold: 0 };
