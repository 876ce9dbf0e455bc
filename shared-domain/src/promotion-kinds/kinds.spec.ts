import {
  PROMOTION_KINDS,
  PROMOTION_KIND_RULES,
  PROMOTION_TERM_TEXTS as TEXTS,
  isPromotionKind,
  promotionKind,
  reducesShelfPrice,
  type DealUnit,
} from './index';

/** Units dearest first, as the pricing hands them to a kind: pence with VAT. */
const units = (...prices: number[]): DealUnit[] => prices.map((price, line) => ({ line, price }));
const saved = (groups: { saving: number }[]) => groups.reduce((sum, g) => sum + g.saving, 0);

describe('the kinds of promotion', () => {
  it('has one set of rules per kind, in the menu order, and knows its names', () => {
    expect(PROMOTION_KIND_RULES.map((rules) => rules.kind)).toEqual([...PROMOTION_KINDS]);
    for (const kind of PROMOTION_KINDS) expect(promotionKind(kind).kind).toBe(kind);
    expect(isPromotionKind('multibuy')).toBe(true);
    expect(isPromotionKind('bogof')).toBe(false);
    expect(isPromotionKind(undefined)).toBe(false);
  });

  it('says which are volume promotions in law and which lower the shelf price', () => {
    expect(PROMOTION_KIND_RULES.map((r) => [r.kind, r.volume, r.reducesShelfPrice])).toEqual([
      ['multibuy', true, false],
      ['buy_get_free', true, false],
      ['reduction', false, true],
    ]);
    expect(reducesShelfPrice('reduction')).toBe(true);
    expect(reducesShelfPrice('multibuy')).toBe(false);
    expect(reducesShelfPrice('something else')).toBe(false);
  });

  it('"3 for £5": deals of the dearest units while a deal costs less than its units', () => {
    const rule = { quantity: 3, price: 500, free: 0 };
    const kind = promotionKind('multibuy');
    // 250+220+200 = 670 → saves 170; 180+150+100 = 430 is not above £5: no second deal.
    const groups = kind.groups(rule, units(250, 220, 200, 180, 150, 100));
    expect(groups.map((g) => g.units.length)).toEqual([3]);
    expect(saved(groups)).toBe(170);
    expect(kind.dealSize(rule)).toBe(3);
    expect(kind.label({ ...rule, productCount: 2 })).toBe('Any 3 for £5');
    expect(kind.label({ ...rule, productCount: 1 })).toBe('3 for £5');
    expect(kind.unitPricing(rule, 250)).toEqual({ pence: 500, packs: 3 });
  });

  it('"3 for 2": the cheapest of each group free, neighbours in price grouped', () => {
    const rule = { quantity: 2, price: 0, free: 1 };
    const kind = promotionKind('buy_get_free');
    const groups = kind.groups(rule, units(300, 250, 200, 120, 100));
    expect(groups.map((g) => g.units.map((u) => u.price))).toEqual([[300, 250, 200]]);
    expect(saved(groups)).toBe(200);
    expect(kind.dealSize(rule)).toBe(3);
    expect(kind.label({ ...rule, productCount: 3 })).toBe('3 for 2');
    expect(kind.unitPricing(rule, 150)).toEqual({ pence: 300, packs: 3 });
  });

  it('"Was £2.50, now £1.80": every unit dearer than the price, one at a time', () => {
    const rule = { quantity: 1, price: 180, free: 0 };
    const kind = promotionKind('reduction');
    const groups = kind.groups(rule, units(250, 250, 150));
    expect(groups.map((g) => g.saving)).toEqual([70, 70]);
    expect(kind.label({ ...rule, productCount: 1, was: 250 })).toBe('Was £2.50, now £1.80');
    expect(kind.label({ ...rule, productCount: 1 })).toBe('Now £1.80');
    expect(kind.unitPricing(rule, 250)).toEqual({ pence: 180, packs: 1 });
  });

  it("checks each kind's terms with its own message", () => {
    const one = { productCount: 1, ownPrices: [250] };
    const two = { productCount: 2, ownPrices: [250, 200] };
    expect(promotionKind('multibuy').terms({ ...two, quantity: 1, price: 300 })).toEqual({
      problem: TEXTS.invalidDealQuantity,
    });
    expect(promotionKind('multibuy').terms({ ...two, quantity: 2, price: 500 })).toEqual({
      problem: TEXTS.dealNotCheaper,
    });
    expect(promotionKind('multibuy').terms({ ...two, quantity: 2, price: 400 })).toEqual({
      terms: { quantity: 2, price: 400, free: 0 },
    });
    expect(promotionKind('buy_get_free').terms({ ...two, quantity: 2 })).toEqual({
      problem: TEXTS.invalidFree,
    });
    expect(promotionKind('buy_get_free').terms({ ...two, quantity: 15, free: 6 })).toEqual({
      problem: TEXTS.invalidDealQuantity,
    });
    expect(promotionKind('buy_get_free').terms({ ...two, quantity: 2, free: 1, price: 999 })).toEqual({
      terms: { quantity: 2, price: 0, free: 1 },
    });
    expect(promotionKind('reduction').terms({ ...two, price: 100 })).toEqual({
      problem: TEXTS.reductionOneProduct,
    });
    expect(promotionKind('reduction').terms({ ...one, price: 250 })).toEqual({
      problem: TEXTS.reductionNotLower,
    });
    expect(promotionKind('reduction').terms({ ...one })).toEqual({ problem: TEXTS.invalidPrice });
    expect(promotionKind('reduction').terms({ ...one, price: 180 })).toEqual({
      terms: { quantity: 1, price: 180, free: 0 },
    });
  });

  it("tells the seller's form what each kind asks for", () => {
    expect(PROMOTION_KIND_RULES.map((r) => r.form)).toEqual([
      expect.objectContaining({
        quantityLabel: 'Units in a deal',
        priceLabel: 'Deal price (£, with VAT)',
        free: false,
      }),
      expect.objectContaining({ quantityLabel: 'Units paid for', priceLabel: null, free: true }),
      expect.objectContaining({
        quantityLabel: null,
        priceLabel: 'Reduced price (£, with VAT)',
        products: 'one',
      }),
    ]);
  });
});
