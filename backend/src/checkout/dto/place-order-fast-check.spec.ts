import { ValidationPipe } from '@nestjs/common';
import { DELIVERY_SLOTS, MAX_CART_LINES } from '@larder/shared-domain';
import { VALIDATION_OPTIONS } from '../../common/validation';
import { fastPlaceOrder, PlaceOrderDto } from './place-order.dto';

// The checkout body's fast check must accept only what the decorators accept, and build the very same DTO.
const decorators = new ValidationPipe(VALIDATION_OPTIONS);
const byDecorators = (body: unknown) =>
  decorators.transform(structuredClone(body), { type: 'body', metatype: PlaceOrderDto }).then(
    (dto: unknown) => ({ dto }),
    (err: Error) => ({ refused: err.message }),
  );

const P1 = '0b6b8a52-3c0e-4d8e-9a55-1f0e2c3b4a5d';
const P2 = '7d1f3e2a-9b8c-4a6d-8e5f-0a1b2c3d4e5f';
const valid = {
  items: [
    { product: P1, quantity: 2, vat: 20 },
    { product: P2, quantity: 1, vat: 0, allowSubstitutes: false },
  ],
  address: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  paymentType: 'COD',
  amount: 12.49,
  shippingCharge: 3.99,
  totalVat: 0.5,
  deliverySlot: { date: '2026-11-26', time: DELIVERY_SLOTS[1] },
};

const variants: Array<[string, unknown]> = [
  ['a valid body', valid],
  ['the fewest fields', { ...valid, paymentType: undefined, items: [{ product: P1, quantity: 1 }] }],
  ['age confirmed, a user id', { ...valid, ageConfirmed: true, userId: 'someone' }],
  ['an upper-case id', { ...valid, address: valid.address.toUpperCase() }],
  ['the most lines', { ...valid, items: Array.from({ length: MAX_CART_LINES }, () => valid.items[0]) }],
  ['too many lines', { ...valid, items: Array.from({ length: MAX_CART_LINES + 1 }, () => valid.items[0]) }],
  ['no lines', { ...valid, items: [] }],
  ['lines not a list', { ...valid, items: { 0: valid.items[0] } }],
  ['a line not an object', { ...valid, items: [P1] }],
  ['an unknown key', { ...valid, coupon: 'FREE' }],
  ['an unknown line key', { ...valid, items: [{ ...valid.items[0], price: 0 }] }],
  ['an unknown slot key', { ...valid, deliverySlot: { ...valid.deliverySlot, driver: 'x' } }],
  ['a bad product id', { ...valid, items: [{ ...valid.items[0], product: 'not-an-id' }] }],
  [
    'a nil product id',
    { ...valid, items: [{ ...valid.items[0], product: '00000000-0000-0000-0000-000000000000' }] },
  ],
  ['quantity 0', { ...valid, items: [{ ...valid.items[0], quantity: 0 }] }],
  ['quantity 100', { ...valid, items: [{ ...valid.items[0], quantity: 100 }] }],
  ['quantity 1.5', { ...valid, items: [{ ...valid.items[0], quantity: 1.5 }] }],
  ['quantity as text', { ...valid, items: [{ ...valid.items[0], quantity: '2' }] }],
  ['VAT above 100', { ...valid, items: [{ ...valid.items[0], vat: 101 }] }],
  ['VAT with 3 decimals', { ...valid, items: [{ ...valid.items[0], vat: 5.125 }] }],
  ['VAT null', { ...valid, items: [{ ...valid.items[0], vat: null }] }],
  ['substitutes as text', { ...valid, items: [{ ...valid.items[0], allowSubstitutes: 'no' }] }],
  ['a bad address id', { ...valid, address: 'home' }],
  ['no address', { ...valid, address: undefined }],
  ['an unknown payment type', { ...valid, paymentType: 'Cheque' }],
  ['a negative amount', { ...valid, amount: -1 }],
  ['an amount with 3 decimals', { ...valid, amount: 12.499 }],
  ['an amount too large', { ...valid, amount: 1_000_001 }],
  ['an amount as text', { ...valid, amount: '12.49' }],
  ['a tiny amount', { ...valid, totalVat: 1e-7 }],
  ['no shipping charge', { ...valid, shippingCharge: undefined }],
  ['no slot', { ...valid, deliverySlot: undefined }],
  ['a slot not an object', { ...valid, deliverySlot: '2026-11-26' }],
  ['a padded date', { ...valid, deliverySlot: { ...valid.deliverySlot, date: ' 2026-11-26 ' } }],
  ['a bad date', { ...valid, deliverySlot: { ...valid.deliverySlot, date: '26/11/2026' } }],
  ['a blank time', { ...valid, deliverySlot: { ...valid.deliverySlot, time: ' ' } }],
  ['an unknown time', { ...valid, deliverySlot: { ...valid.deliverySlot, time: '23:00 - 24:00' } }],
  ['a padded time', { ...valid, deliverySlot: { ...valid.deliverySlot, time: ` ${DELIVERY_SLOTS[0]}` } }],
  ['age confirmed as text', { ...valid, ageConfirmed: 'yes' }],
  ['a null user id', { ...valid, userId: null }],
  ['a long user id', { ...valid, userId: 'x'.repeat(101) }],
  ['a padded user id', { ...valid, userId: ' someone ' }],
  ['a body not an object', [valid]],
  ['an empty body', {}],
];

describe('the fast check of the checkout body', () => {
  it.each(variants)('agrees with the decorators on %s', async (_name, body) => {
    const plain = JSON.parse(JSON.stringify(body)) as unknown;
    const fast = fastPlaceOrder(structuredClone(plain));
    const slow = await byDecorators(plain);
    // Whatever the fast check accepts, the decorators accept too, as the same DTO.
    if (fast !== undefined) expect(slow).toStrictEqual({ dto: fast });
  });

  it('accepts the bodies the shop sends (the fast path is taken)', () => {
    for (const [name, body] of variants.slice(0, 5)) {
      const dto = fastPlaceOrder(JSON.parse(JSON.stringify(body)));
      expect({ name, accepted: dto instanceof PlaceOrderDto }).toEqual({ name, accepted: true });
    }
  });
});
