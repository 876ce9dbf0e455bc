import {
  decimalUnits,
  percentToBasisPoints,
  isPounds,
  formatPence,
  formatPounds,
  goodsTotal,
  parsePoundsText,
  parseVatPercentText,
  penceToPounds,
  poundsToPence,
  FulfilledLine,
  priceFulfilledOrder,
  priceOrder,
  vatTotal,
  unitPriceWithVat,
  linePriceWithVat,
  lineVat,
  linesWithVatTotal,
  type PricedLine,
} from './pricing';
import fc from 'fast-check';

const settings = { shippingCharge: 399, shippingThreshold: 4000 };

describe('priceOrder', () => {
  it('adds goods, VAT and shipping in pence', () => {
    const totals = priceOrder(
      [
        { offerPrice: 125, quantity: 2, vatBasisPoints: 0 },
        { offerPrice: 199, quantity: 3, vatBasisPoints: 2000 },
      ],
      settings,
    );
    // goods 250 + 597 = 847; £1.99 x 1.2 = £2.388 -> £2.39 a unit, VAT 3 x 40p = 120; shipping 399 below £40
    expect(totals).toEqual({ goods: 847, vat: 120, shipping: 399, amount: 1366 });
  });

  it('ships free at exactly the threshold and charges one penny below it', () => {
    expect(priceOrder([{ offerPrice: 4000, quantity: 1, vatBasisPoints: 0 }], settings).shipping).toBe(0);
    expect(priceOrder([{ offerPrice: 3999, quantity: 1, vatBasisPoints: 0 }], settings).shipping).toBe(399);
  });

  it('rounds each unit price with VAT, so the VAT is what the shown lines add', () => {
    // Each unit of 2p shows as 2p with VAT (2.4p rounds down): no VAT is charged that no line shows.
    const lines = [1, 2, 3].map(() => ({ offerPrice: 2, quantity: 1, vatBasisPoints: 2000 }));
    expect(vatTotal(lines)).toBe(0);
    // 3 x £1.99 at 20%: £2.388 -> £2.39 a unit, £7.17 the line; VAT 717 - 597 = 120.
    expect(vatTotal([{ offerPrice: 199, quantity: 3, vatBasisPoints: 2000 }])).toBe(120);
  });

  it('rounds half a penny up', () => {
    expect(unitPriceWithVat(5, 1000)).toBe(6); // 5.5p
    expect(unitPriceWithVat(4, 1000)).toBe(4); // 4.4p
    expect(vatTotal([{ offerPrice: 5, quantity: 1, vatBasisPoints: 1000 }])).toBe(1);
    expect(vatTotal([{ offerPrice: 4, quantity: 1, vatBasisPoints: 1000 }])).toBe(0);
  });

  it('handles fractional VAT rates exactly', () => {
    expect(vatTotal([{ offerPrice: 1000, quantity: 3, vatBasisPoints: 1250 }])).toBe(375);
    expect(unitPriceWithVat(333, 1750)).toBe(391); // 391.275p
    expect(vatTotal([{ offerPrice: 333, quantity: 1, vatBasisPoints: 1750 }])).toBe(58);
  });

  it('prices a line with VAT as the unit price shown times the quantity', () => {
    expect(unitPriceWithVat(625, 2000)).toBe(750); // wine: £6.25 before VAT, £7.50 with it
    expect(linePriceWithVat({ offerPrice: 625, quantity: 2, vatBasisPoints: 2000 })).toBe(1500);
    expect(lineVat({ offerPrice: 625, quantity: 2, vatBasisPoints: 2000 })).toBe(250);
    expect(unitPriceWithVat(199, 0)).toBe(199);
  });

  it('prices an empty order at zero goods', () => {
    expect(goodsTotal([])).toBe(0);
    expect(priceOrder([], { shippingCharge: 399, shippingThreshold: 0 }).amount).toBe(0);
  });
});

describe('money conversions', () => {
  it('converts pence to pounds and back', () => {
    expect(penceToPounds(399)).toBe(3.99);
    expect(poundsToPence(3.99)).toBe(399);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(40)).toBe(4000);
  });

  it('refuses amounts with more than two decimals or not numbers', () => {
    expect(poundsToPence(1.999)).toBeUndefined();
    expect(poundsToPence(Number.NaN)).toBeUndefined();
    expect(poundsToPence(Infinity)).toBeUndefined();
  });

  it('refuses amounts in exponent form below a penny', () => {
    expect(poundsToPence(1e-7)).toBeUndefined();
    expect(poundsToPence(5e-324)).toBeUndefined();
    expect(poundsToPence(1e21)).toBeUndefined();
    expect(isPounds(1e-7)).toBe(false);
    expect(isPounds(5e-324)).toBe(false);
    expect(isPounds('3.99')).toBe(false);
    expect(isPounds(3.99)).toBe(true);
    expect(isPounds(0)).toBe(true);
    expect(isPounds(1e2)).toBe(true);
  });

  it('counts decimals for any precision', () => {
    expect(decimalUnits(12.5, 2)).toBe(1250);
    expect(decimalUnits(12.345, 2)).toBeUndefined();
    expect(decimalUnits(7, 0)).toBe(7);
    expect(decimalUnits(1e-7, 3)).toBeUndefined();
  });

  it('turns a VAT percent from the API into basis points, and refuses a third decimal', () => {
    expect(percentToBasisPoints(20)).toBe(2000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(17.55)).toBe(1755);
    expect(percentToBasisPoints(0)).toBe(0);
    expect(percentToBasisPoints(12.345)).toBeUndefined();
  });

  it('formats pounds with the pound sign', () => {
    expect(formatPence(399)).toBe('£3.99');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPounds(12)).toBe('£12.00');
  });
});

describe('parsePoundsText', () => {
  it('reads pounds typed with at most two decimals', () => {
    expect(parsePoundsText('3.99')).toBe(3.99);
    expect(parsePoundsText(' 40 ')).toBe(40);
    expect(parsePoundsText('0')).toBe(0);
    expect(parsePoundsText('5.')).toBe(5);
    expect(parsePoundsText('.5')).toBe(0.5);
  });

  it('refuses anything else', () => {
    for (const text of ['', ' ', '-1', '1.999', '1e3', '£3', 'abc', '.', '1,5']) {
      expect(parsePoundsText(text)).toBeUndefined();
    }
  });
});

describe('parseVatPercentText', () => {
  it('reads a percent from 0 to 100 with at most two decimals', () => {
    expect(parseVatPercentText('20')).toBe(20);
    expect(parseVatPercentText(' 12.5 ')).toBe(12.5);
    expect(parseVatPercentText('0')).toBe(0);
    expect(parseVatPercentText('100')).toBe(100);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-5', '100.01', '101', '12.345', '20%', 'abc']) {
      expect(parseVatPercentText(text)).toBeUndefined();
    }
  });
});

describe('priceFulfilledOrder', () => {
  const line = (partial: Partial<FulfilledLine>): FulfilledLine => ({
    price: 200,
    vatBasisPoints: 2000,
    quantity: 3,
    picked: null,
    substitute: null,
    refused: false,
    ...partial,
  });

  it('charges the units found and the substitutes, keeps the shipping charge', () => {
    const totals = priceFulfilledOrder(
      [line({ picked: 1, substitute: { quantity: 2, price: 150, vatBasisPoints: 0 } }), line({ picked: 0 })],
      399,
    );
    expect(totals).toEqual({ goods: 500, vat: 40, shipping: 399, amount: 939 });
  });

  it('leaves refused lines out', () => {
    expect(priceFulfilledOrder([line({ refused: true }), line({ quantity: 1 })], 0)).toEqual({
      goods: 200,
      vat: 40,
      shipping: 0,
      amount: 240,
    });
  });
});

describe('prices with VAT (property)', () => {
  const rate = fc.oneof(fc.constantFrom(0, 500, 2000), fc.integer({ min: 0, max: 10000 }));
  const line: fc.Arbitrary<PricedLine> = fc.record({
    offerPrice: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 100 }),
    vatBasisPoints: rate,
  });
  const lines = fc.array(line, { maxLength: 30 });
  const shipping = fc.record({
    shippingCharge: fc.integer({ min: 0, max: 2000 }),
    shippingThreshold: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it('charges goods + VAT equal to the sum of the shown line prices, to the penny', () => {
    fc.assert(
      fc.property(lines, shipping, (ls, s) => {
        const totals = priceOrder(ls, s);
        const shown = ls.reduce((sum, l) => sum + linePriceWithVat(l), 0);
        expect(totals.goods + totals.vat).toBe(shown);
        expect(linesWithVatTotal(ls)).toBe(shown);
        expect(totals.amount).toBe(shown + totals.shipping);
        expect(totals.amount - totals.shipping).toBeLessThanOrEqual(shown);
      }),
    );
  });

  it('shows each unit within half a penny of its exact price with VAT, never less than before VAT', () => {
    fc.assert(
      fc.property(line, (l) => {
        const shown = unitPriceWithVat(l.offerPrice, l.vatBasisPoints);
        const exactTimes10000 = l.offerPrice * (10000 + l.vatBasisPoints);
        expect(Math.abs(shown * 10000 - exactTimes10000)).toBeLessThanOrEqual(5000);
        expect(shown).toBeGreaterThanOrEqual(l.offerPrice);
        expect(lineVat(l)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('re-prices a fulfilled order the same way', () => {
    const fulfilled = fc.record({
      price: fc.integer({ min: 0, max: 100_000 }),
      vatBasisPoints: rate,
      quantity: fc.integer({ min: 1, max: 20 }),
      picked: fc.option(fc.integer({ min: 0, max: 20 })),
      substitute: fc.option(
        fc.record({
          quantity: fc.integer({ min: 1, max: 20 }),
          price: fc.integer({ min: 0, max: 100_000 }),
          vatBasisPoints: rate,
        }),
      ),
      refused: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fulfilled, { maxLength: 10 }), fc.integer({ min: 0, max: 2000 }), (ls, charge) => {
        const totals = priceFulfilledOrder(ls, charge);
        const shown = ls
          .filter((l) => !l.refused)
          .reduce(
            (sum, l) =>
              sum +
              unitPriceWithVat(l.price, l.vatBasisPoints) * (l.picked ?? l.quantity) +
              (l.substitute
                ? unitPriceWithVat(l.substitute.price, l.substitute.vatBasisPoints) * l.substitute.quantity
                : 0),
            0,
          );
        expect(totals.goods + totals.vat).toBe(shown);
        expect(totals.amount).toBe(shown + charge);
      }),
    );
  });
});
