import {
  basketVatIncluded,
  deliveryShares,
  deliveryVat,
  ratesOf,
  STANDARD_VAT_BASIS_POINTS,
} from './delivery-vat';
import { priceBasket } from './pricing';

const sum = (shares: { net: number; vat: number }[]) => shares.reduce((s, x) => s + x.net + x.vat, 0);

describe('VAT on the delivery charge (HMRC VAT Notice 700/24)', () => {
  it('carries no VAT when every good is zero-rated', () => {
    expect(deliveryShares(399, [{ vatBasisPoints: 0, net: 1200, vat: 0 }])).toEqual([
      { vatBasisPoints: 0, net: 399, vat: 0 },
    ]);
  });

  it('is standard-rated when every good is: £3.99 is £3.33 and VAT £0.66', () => {
    expect(deliveryShares(399, [{ vatBasisPoints: 2000, net: 1000, vat: 200 }])).toEqual([
      { vatBasisPoints: 2000, net: 333, vat: 66 },
    ]);
  });

  it('is shared between 0%, 5% and 20% by the value of the goods before VAT, adding up to the charge', () => {
    const shares = deliveryShares(400, [
      { vatBasisPoints: 2000, net: 1000, vat: 200 },
      { vatBasisPoints: 0, net: 2000, vat: 0 },
      { vatBasisPoints: 500, net: 1000, vat: 50 },
    ]);
    // 4000 of goods: half at 0% (£2.00), a quarter each at 5% and 20% (£1.00 each, VAT included).
    expect(shares).toEqual([
      { vatBasisPoints: 0, net: 200, vat: 0 },
      { vatBasisPoints: 500, net: 95, vat: 5 },
      { vatBasisPoints: 2000, net: 83, vat: 17 },
    ]);
    expect(sum(shares)).toBe(400);
  });

  it('shares odd pence by largest remainders, so the shares still add up', () => {
    const shares = deliveryShares(399, [
      { vatBasisPoints: 0, net: 1, vat: 0 },
      { vatBasisPoints: 500, net: 1, vat: 0 },
      { vatBasisPoints: 2000, net: 1, vat: 0 },
    ]);
    expect(shares.map((s) => s.net + s.vat)).toEqual([133, 133, 133]);
    expect(
      sum(
        deliveryShares(
          401,
          ratesOf([
            { vatBasisPoints: 0, net: 7, vat: 0 },
            { vatBasisPoints: 2000, net: 3, vat: 1 },
          ]),
        ),
      ),
    ).toBe(401);
  });

  it('has nothing to share when delivery is free', () => {
    expect(deliveryShares(0, [{ vatBasisPoints: 2000, net: 1000, vat: 200 }])).toEqual([]);
    expect(deliveryVat(0, [{ vatBasisPoints: 2000, net: 1000, vat: 200 }])).toBe(0);
  });

  it('is standard-rated when it delivers no goods of any value', () => {
    expect(deliveryShares(399, [])).toEqual([
      { vatBasisPoints: STANDARD_VAT_BASIS_POINTS, net: 333, vat: 66 },
    ]);
  });

  it("is part of the VAT a basket's total includes, which the total does not change", () => {
    const lines = [
      { product: 'apples', offerPrice: 250, quantity: 1, vatBasisPoints: 0 },
      { product: 'cola', offerPrice: 120, quantity: 2, vatBasisPoints: 2000 },
    ];
    const priced = priceBasket(lines, { shippingCharge: 399, shippingThreshold: 4000 });
    expect([priced.vat, priced.shipping, priced.amount]).toEqual([48, 399, 937]);
    // £3.99 shared by 250 : 240: £1.95 at 20%, of which VAT 32p.
    expect(basketVatIncluded(lines, priced)).toBe(48 + 32);
  });
});
