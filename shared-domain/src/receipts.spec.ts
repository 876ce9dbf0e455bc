import { priceBasket } from './pricing';
import type { PromotionRule } from './promotion-kinds';
import { pricedSupply, vatRateTotals, type StoredOrderLine } from './receipts';

/** A stored line of `product` (pence before VAT, basis points), nothing picked short, refused or substituted. */
function line(product: string, price: number, vatBasisPoints: number, quantity: number): StoredOrderLine {
  return {
    product,
    name: product,
    price,
    vatBasisPoints,
    quantity,
    picked: null,
    refused: false,
    substituteName: null,
    substituteQuantity: null,
    substitutePrice: null,
    substituteVatBasisPoints: null,
  };
}

/** "2 for £5" over bread (0%) and wine (20%). */
const TWO_FOR_FIVE: PromotionRule = {
  id: 'two-for-five',
  kind: 'multibuy',
  products: ['bread', 'wine'],
  quantity: 2,
  price: 500,
  free: 0,
};

// Bread 150p (0%), wine 500p + 20% = 600p, juice 217p + 5% = 228p (in no deal).
const ORDER_LINES = [line('bread', 150, 0, 2), line('wine', 500, 2000, 1), line('juice', 217, 500, 1)];

describe('vatRateTotals', () => {
  it("sums the lines' net and VAT per rate, from the lowest rate", () => {
    expect(
      vatRateTotals(
        [
          { vatBasisPoints: 2000, net: 333, vat: 67 },
          { vatBasisPoints: 0, net: 100, vat: 0 },
          { vatBasisPoints: 500, net: 217, vat: 11 },
          { vatBasisPoints: 2000, net: 10, vat: 2 },
        ],
        { goods: 660, totalVat: 80 },
      ),
    ).toEqual([
      { vatBasisPoints: 0, net: 100, vat: 0, gross: 100 },
      { vatBasisPoints: 500, net: 217, vat: 11, gross: 228 },
      { vatBasisPoints: 2000, net: 343, vat: 69, gross: 412 },
    ]);
  });

  it("gives a remainder from the order's own figures to the rate with the most goods (the higher rate on a tie)", () => {
    expect(
      vatRateTotals(
        [
          { vatBasisPoints: 0, net: 400, vat: 0 },
          { vatBasisPoints: 2000, net: 300, vat: 60 },
        ],
        { goods: 701, totalVat: 60 },
      ),
    ).toEqual([
      { vatBasisPoints: 0, net: 401, vat: 0, gross: 401 },
      { vatBasisPoints: 2000, net: 300, vat: 60, gross: 360 },
    ]);
    expect(
      vatRateTotals(
        [
          { vatBasisPoints: 0, net: 360, vat: 0 },
          { vatBasisPoints: 2000, net: 300, vat: 60 },
        ],
        { goods: 659, totalVat: 60 },
      ),
    ).toEqual([
      { vatBasisPoints: 0, net: 360, vat: 0, gross: 360 },
      { vatBasisPoints: 2000, net: 299, vat: 60, gross: 359 },
    ]);
    expect(vatRateTotals([], { goods: 0, totalVat: 0 })).toEqual([]);
  });
});

describe('pricedSupply', () => {
  it('leaves each rate what its own lines cost when a deal mixes a 0% and a 20% product', () => {
    const placed = priceBasket(
      ORDER_LINES.map((l) => ({
        product: l.product,
        offerPrice: l.price,
        vatBasisPoints: l.vatBasisPoints,
        quantity: l.quantity,
      })),
      { shippingCharge: 0, shippingThreshold: 0 },
      [TWO_FOR_FIVE],
    );
    // Wine 600p and one bread 150p make a deal for 500p: the 250p saved is shared 200p / 50p by their prices.
    expect(placed).toMatchObject({ goods: 800, vat: 78, amount: 878, savings: 250 });
    const order = { goods: placed.goods, totalVat: placed.vat, amount: placed.amount, shippingCharge: 0 };

    const supply = pricedSupply(ORDER_LINES, order, [TWO_FOR_FIVE]);
    // Bread 300p - 50p, all at 0%; wine 600p - 200p = 400p, of which 333p before VAT and 67p VAT; juice as it was.
    // (The lines at their own prices with the saving given to the rate with the most goods would have put the
    // bread's 50p on the 20% rate: 0% 300p, 20% 283p + 67p.)
    expect(supply.rates).toEqual([
      { vatBasisPoints: 0, net: 250, vat: 0, gross: 250 },
      { vatBasisPoints: 500, net: 217, vat: 11, gross: 228 },
      { vatBasisPoints: 2000, net: 333, vat: 67, gross: 400 },
    ]);
    expect(
      supply.lines.map((l) => [
        l.name,
        l.quantity,
        l.gross,
        l.net,
        l.pricing.net,
        l.pricing.vat,
        l.pricing.saving,
      ]),
    ).toEqual([
      ['bread', 2, 300, 300, 250, 0, 50],
      ['wine', 1, 600, 500, 333, 67, 200],
      ['juice', 1, 228, 217, 217, 11, 0],
    ]);
    // The rates are the priced lines' own figures per rate, as the one pricing gives them.
    for (const rate of supply.rates) {
      const at = placed.lines.filter((_, i) => ORDER_LINES[i].vatBasisPoints === rate.vatBasisPoints);
      expect([rate.net, rate.vat]).toEqual([
        at.reduce((sum, l) => sum + l.net, 0),
        at.reduce((sum, l) => sum + l.vat, 0),
      ]);
    }
  });

  it("prices what went to the door: a short pick, a substitute in its product's deal, a refused line", () => {
    // One bread found: wine 600p and bread 150p still make the deal (400p + 100p); the order fell to 728p.
    const short = [{ ...ORDER_LINES[0], picked: 1 }, ORDER_LINES[1], ORDER_LINES[2]];
    expect(
      pricedSupply(short, { goods: 650, totalVat: 78, amount: 728, shippingCharge: 0 }, [TWO_FOR_FIVE]).rates,
    ).toEqual([
      { vatBasisPoints: 0, net: 100, vat: 0, gross: 100 },
      { vatBasisPoints: 500, net: 217, vat: 11, gross: 228 },
      { vatBasisPoints: 2000, net: 333, vat: 67, gross: 400 },
    ]);

    // No wine found; a cava (550p + 20% = 660p) sent instead takes its place in the deal with one bread: 810p for
    // 500p, the 310p saved shared 253p / 57p. The wine's line, with no unit found, adds nothing.
    const substituted: StoredOrderLine[] = [
      ORDER_LINES[0],
      {
        ...ORDER_LINES[1],
        picked: 0,
        substituteName: 'cava',
        substituteQuantity: 1,
        substitutePrice: 550,
        substituteVatBasisPoints: 2000,
      },
      ORDER_LINES[2],
    ];
    const supply = pricedSupply(substituted, { goods: 799, totalVat: 79, amount: 878, shippingCharge: 0 }, [
      TWO_FOR_FIVE,
    ]);
    expect(
      supply.lines.map((l) => [l.name, l.quantity, l.pricing.charged, l.pricing.net, l.pricing.vat]),
    ).toEqual([
      ['bread', 2, 243, 243, 0],
      ['cava', 1, 407, 339, 68],
      ['juice', 1, 228, 217, 11],
    ]);
    expect(supply.rates).toEqual([
      { vatBasisPoints: 0, net: 243, vat: 0, gross: 243 },
      { vatBasisPoints: 500, net: 217, vat: 11, gross: 228 },
      { vatBasisPoints: 2000, net: 339, vat: 68, gross: 407 },
    ]);

    // The juice refused at the door: its rate is gone.
    const refused = [ORDER_LINES[0], ORDER_LINES[1], { ...ORDER_LINES[2], refused: true }];
    expect(
      pricedSupply(refused, { goods: 583, totalVat: 67, amount: 650, shippingCharge: 0 }, [TWO_FOR_FIVE])
        .rates,
    ).toEqual([
      { vatBasisPoints: 0, net: 250, vat: 0, gross: 250 },
      { vatBasisPoints: 2000, net: 333, vat: 67, gross: 400 },
    ]);
  });

  it('takes what a dearer substitute would add off every line by its price, each at its own rate; a remainder goes to the rate with the most goods', () => {
    // No wine found, a cava (550p + 20% = 660p) sent instead: 888p against the 828p agreed. The 60p over comes off
    // the juice (15p) and the cava (45p) in proportion to what they cost.
    const lines: StoredOrderLine[] = [
      line('juice', 217, 500, 1),
      {
        ...line('wine', 500, 2000, 1),
        picked: 0,
        substituteName: 'cava',
        substituteQuantity: 1,
        substitutePrice: 550,
        substituteVatBasisPoints: 2000,
      },
    ];
    const supply = pricedSupply(lines, { goods: 716, totalVat: 112, amount: 828, shippingCharge: 0 });
    expect(supply.lines.map((l) => [l.name, l.pricing.charged, l.pricing.net, l.pricing.vat])).toEqual([
      ['juice', 213, 203, 10],
      ['cava', 615, 513, 102],
    ]);
    expect(supply.rates).toEqual([
      { vatBasisPoints: 500, net: 203, vat: 10, gross: 213 },
      { vatBasisPoints: 2000, net: 513, vat: 102, gross: 615 },
    ]);
    // Stored figures a penny apart between goods and VAT: the 20% rate, with the most goods, takes the difference.
    expect(pricedSupply(lines, { goods: 717, totalVat: 111, amount: 828, shippingCharge: 0 }).rates).toEqual([
      { vatBasisPoints: 500, net: 203, vat: 10, gross: 213 },
      { vatBasisPoints: 2000, net: 514, vat: 101, gross: 615 },
    ]);
  });
});
