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
} from './pricing';

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
    // goods 250 + 597 = 847; VAT 597 x 20% = 119.4 -> 119; shipping 399 below £40
    expect(totals).toEqual({ goods: 847, vat: 119, shipping: 399, amount: 1365 });
  });

  it('ships free at exactly the threshold and charges one penny below it', () => {
    expect(priceOrder([{ offerPrice: 4000, quantity: 1, vatBasisPoints: 0 }], settings).shipping).toBe(0);
    expect(priceOrder([{ offerPrice: 3999, quantity: 1, vatBasisPoints: 0 }], settings).shipping).toBe(399);
  });

  it('rounds VAT once on the exact sum, not per line', () => {
    // Each line is 0.4p of VAT: per-line rounding would give 0, the exact sum 1.2p gives 1.
    const lines = [1, 2, 3].map(() => ({ offerPrice: 2, quantity: 1, vatBasisPoints: 2000 }));
    expect(vatTotal(lines)).toBe(1);
  });

  it('rounds half a penny up', () => {
    expect(vatTotal([{ offerPrice: 5, quantity: 1, vatBasisPoints: 1000 }])).toBe(1); // 0.5p
    expect(vatTotal([{ offerPrice: 4, quantity: 1, vatBasisPoints: 1000 }])).toBe(0); // 0.4p
  });

  it('handles fractional VAT rates exactly', () => {
    expect(vatTotal([{ offerPrice: 1000, quantity: 3, vatBasisPoints: 1250 }])).toBe(375);
    expect(vatTotal([{ offerPrice: 333, quantity: 1, vatBasisPoints: 1750 }])).toBe(58); // 58.275p
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
