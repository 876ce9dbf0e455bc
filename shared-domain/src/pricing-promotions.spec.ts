import fc from 'fast-check';
import { foodFiltersQuery, matchesFoodFilters, parseFoodFilters } from './food';
import {
  linePriceWithVat,
  priceBasket,
  priceFulfilledBasket,
  priceOrder,
  unitPriceWithVat,
  type BasketLine,
} from './pricing';
import type { PromotionRule } from './promotion-kinds';
import {
  dealNudges,
  parsePromotionTime,
  promotionEndsText,
  promotionalUnitPrice,
  promotionLabel,
  promotionState,
  wasPriceHeld,
  wasPriceShownAt,
  wasPriceShownUntil,
} from './promotions';

const noShipping = { shippingCharge: 0, shippingThreshold: 0 };
const settings = { shippingCharge: 399, shippingThreshold: 4000 };

/** A product at `withVat` pence on the shelf, 0% VAT, so its offer price is the shelf price. */
const zero = (product: string, withVat: number, quantity: number): BasketLine => ({
  product,
  offerPrice: withVat,
  vatBasisPoints: 0,
  quantity,
});

const threeForFive: PromotionRule = {
  id: 'p1',
  kind: 'multibuy',
  products: ['a', 'b', 'c'],
  quantity: 3,
  price: 500,
  free: 0,
};
const threeForTwo: PromotionRule = {
  id: 'p2',
  kind: 'buy_get_free',
  products: ['x', 'y', 'z'],
  quantity: 2,
  price: 0,
  free: 1,
};

describe('priceBasket: multi-buys', () => {
  it('prices 3 units of "3 for £5" at £5 and says what it saved', () => {
    const priced = priceBasket([zero('a', 200, 3)], noShipping, [threeForFive]);
    expect(priced.amount).toBe(500);
    expect(priced.savings).toBe(100);
    expect(priced.lines[0]).toMatchObject({ fullPrice: 600, charged: 500, saving: 100, promotion: 'p1' });
    expect(priced.deals).toEqual([{ promotion: 'p1', times: 1, units: 3, saving: 100 }]);
  });

  it('applies a deal as many times as it fits: 7 items are two deals and one at its own price', () => {
    const priced = priceBasket([zero('a', 200, 7)], noShipping, [threeForFive]);
    expect(priced.amount).toBe(500 + 500 + 200);
    expect(priced.deals[0]).toMatchObject({ times: 2, units: 6, saving: 200 });
  });

  it('mixes and matches the listed products, and leaves others alone', () => {
    const priced = priceBasket(
      [zero('a', 200, 1), zero('b', 200, 1), zero('c', 200, 1), zero('other', 300, 2)],
      noShipping,
      [threeForFive],
    );
    expect(priced.amount).toBe(500 + 600);
    expect(priced.lines[3]).toMatchObject({ charged: 600, saving: 0, promotion: null });
  });

  it('puts the dearest units into the deals, the best for the customer', () => {
    // 4 units: 300, 250, 200, 100. The deal of the three dearest saves 750 - 500 = 250; any other saves less.
    const priced = priceBasket(
      [zero('a', 100, 1), zero('b', 300, 1), zero('c', 250, 1), zero('a', 200, 1)],
      noShipping,
      [threeForFive],
    );
    expect(priced.savings).toBe(250);
    expect(priced.lines[0]).toMatchObject({ charged: 100, saving: 0, promotion: null });
    expect(priced.amount).toBe(600);
  });

  it('forms no deal that would cost more than its units', () => {
    const priced = priceBasket([zero('a', 150, 3)], noShipping, [threeForFive]);
    expect(priced.amount).toBe(450);
    expect(priced.savings).toBe(0);
    expect(priced.deals).toEqual([]);
  });

  it('spreads the saving over the deal in proportion to price, to the penny', () => {
    // 300 + 200 + 100 = 600 for 500: the 100 saved falls 50/33/17 (largest remainder).
    const priced = priceBasket([zero('a', 300, 1), zero('b', 200, 1), zero('c', 100, 1)], noShipping, [
      threeForFive,
    ]);
    expect(priced.lines.map((l) => l.saving)).toEqual([50, 33, 17]);
    expect(priced.lines.map((l) => l.charged)).toEqual([250, 167, 83]);
  });

  it('charges VAT on each line of a deal mixing 0% and 20% products at its own rate', () => {
    // Bread at £2.00 (0%) and two wines at £2.40 with VAT (£2.00 + 20%): 680 for 500.
    const lines: BasketLine[] = [
      zero('a', 200, 1),
      { product: 'b', offerPrice: 200, vatBasisPoints: 2000, quantity: 2 },
    ];
    const priced = priceBasket(lines, noShipping, [threeForFive]);
    const [bread, wine] = priced.lines;
    expect(bread.charged + wine.charged).toBe(500);
    // The saving of 180 falls 52.94 on the bread and 63.53 on each wine: 53 + 64 + 63 to the penny.
    expect(bread).toMatchObject({ charged: 147, vat: 0, net: 147 });
    expect(wine).toMatchObject({ charged: 353, net: 294, vat: 59 }); // 353 / 1.2 = 294.17
    expect(priced.vat).toBe(59);
    expect(priced.goods + priced.vat).toBe(500);
  });
});

describe('priceBasket: "3 for 2" and reductions', () => {
  it('gives the cheapest unit of each three free', () => {
    const priced = priceBasket([zero('x', 300, 2), zero('y', 100, 1)], noShipping, [threeForTwo]);
    expect(priced.savings).toBe(100);
    expect(priced.amount).toBe(600);
  });

  it('groups by price so the most is free: 6 units free the 3rd and 6th dearest', () => {
    const priced = priceBasket([zero('x', 500, 2), zero('y', 400, 1), zero('z', 100, 3)], noShipping, [
      threeForTwo,
    ]);
    // 500 500 400 | 100 100 100: 400 + 100 free.
    expect(priced.savings).toBe(500);
    expect(priced.deals[0]).toMatchObject({ times: 2, units: 6 });
  });

  it('reduces each unit of a reduced product to its price with VAT', () => {
    const reduction: PromotionRule = {
      id: 'r',
      kind: 'reduction',
      products: ['w'],
      quantity: 1,
      price: 180,
      free: 0,
    };
    // £2.08 + 20% = £2.50 a unit; now £1.80.
    const priced = priceBasket(
      [{ product: 'w', offerPrice: 208, vatBasisPoints: 2000, quantity: 3 }],
      noShipping,
      [reduction],
    );
    expect(unitPriceWithVat(208, 2000)).toBe(250);
    expect(priced.lines[0]).toMatchObject({ fullPrice: 750, charged: 540, saving: 210, net: 450, vat: 90 });
  });

  it('never raises a price: a "reduction" above the price is not applied', () => {
    const priced = priceBasket([zero('w', 100, 2)], noShipping, [
      { id: 'r', kind: 'reduction', products: ['w'], quantity: 1, price: 150, free: 0 },
    ]);
    expect(priced.amount).toBe(200);
    expect(priced.deals).toEqual([]);
  });

  it('keeps the lines of an order without promotions exactly as priceOrder priced them before', () => {
    const lines = [
      { offerPrice: 125, quantity: 2, vatBasisPoints: 0 },
      { offerPrice: 199, quantity: 3, vatBasisPoints: 2000 },
    ];
    expect(priceOrder(lines, settings, [threeForFive])).toEqual({
      goods: 847,
      vat: 120,
      shipping: 399,
      amount: 1366,
    });
  });

  it('measures free shipping on the goods at their own prices, so a deal never adds a shipping charge', () => {
    const priced = priceBasket([zero('a', 1400, 3)], settings, [{ ...threeForFive, price: 3000 }]);
    expect(priced.goods).toBe(3000);
    expect(priced.shipping).toBe(0);
  });
});

describe('priceFulfilledBasket: picking and substitutes under a deal', () => {
  const placed = [
    {
      product: 'a',
      price: 200,
      vatBasisPoints: 0,
      quantity: 3,
      picked: null,
      substitute: null,
      refused: false,
    },
  ];

  it('keeps the deal when a substitute stands in for a unit of it', () => {
    const priced = priceFulfilledBasket(
      [{ ...placed[0], picked: 2, substitute: { quantity: 1, price: 220, vatBasisPoints: 0 } }],
      0,
      { promotions: [threeForFive], agreed: 500 },
    );
    expect(priced.amount).toBe(500);
    expect(priced.deals[0]).toMatchObject({ times: 1 });
  });

  it('loses a broken deal only as far as the total falls, never above what was agreed', () => {
    // 2 of 3 found: at their own price 400, below the agreed 500: charged 400.
    const short = priceFulfilledBasket([{ ...placed[0], picked: 2 }], 0, {
      promotions: [threeForFive],
      agreed: 500,
    });
    expect(short.amount).toBe(400);
    // 4 ordered as "3 for £5" + 1 (700); 3 found and a dearer substitute for the 4th: still at most 700.
    const dearer = priceFulfilledBasket(
      [
        {
          ...placed[0],
          quantity: 4,
          picked: 3,
          substitute: { quantity: 1, price: 450, vatBasisPoints: 2000 },
        },
      ],
      399,
      { promotions: [threeForFive], agreed: 700 },
    );
    expect(dearer.amount).toBe(700 + 399);
    expect(dearer.lines.reduce((sum, l) => sum + l.charged, 0)).toBe(700);
  });
});

describe('pricing with promotions (properties)', () => {
  const products = ['a', 'b', 'c', 'x', 'y', 'z', 'w', 'n'];
  const line: fc.Arbitrary<BasketLine> = fc.record({
    product: fc.constantFrom(...products),
    offerPrice: fc.integer({ min: 0, max: 5000 }),
    quantity: fc.integer({ min: 1, max: 12 }),
    vatBasisPoints: fc.constantFrom(0, 500, 2000, 1250),
  });
  const rules: fc.Arbitrary<PromotionRule[]> = fc
    .tuple(
      fc.integer({ min: 2, max: 5 }),
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 2 }),
      fc.integer({ min: 0, max: 3000 }),
    )
    .map(([quantity, price, paid, free, reduced]) => [
      { id: 'm', kind: 'multibuy', products: ['a', 'b', 'c'], quantity, price, free: 0 },
      { id: 'g', kind: 'buy_get_free', products: ['x', 'y', 'z'], quantity: paid, price: 0, free },
      { id: 'r', kind: 'reduction', products: ['w'], quantity: 1, price: reduced, free: 0 },
    ]);
  const shipping = fc.record({
    shippingCharge: fc.integer({ min: 0, max: 999 }),
    shippingThreshold: fc.integer({ min: 0, max: 10000 }),
  });

  it('adds the lines up exactly to the total, each line net + VAT, none above its own price', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rules, shipping, (lines, promotions, ship) => {
        const priced = priceBasket(lines, ship, promotions);
        const charged = priced.lines.reduce((sum, l) => sum + l.charged, 0);
        expect(charged + priced.shipping).toBe(priced.amount);
        expect(priced.goods + priced.vat + priced.shipping).toBe(priced.amount);
        expect(priced.lines.reduce((sum, l) => sum + l.saving, 0)).toBe(priced.savings);
        expect(priced.deals.reduce((sum, d) => sum + d.saving, 0)).toBe(priced.savings);
        priced.lines.forEach((l, i) => {
          expect(l.net + l.vat).toBe(l.charged);
          expect(l.charged).toBeGreaterThanOrEqual(0);
          expect(l.charged).toBeLessThanOrEqual(linePriceWithVat(lines[i]));
          expect(l.vat).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it('never costs more than the same lines without the deals', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rules, shipping, (lines, promotions, ship) => {
        expect(priceBasket(lines, ship, promotions).amount).toBeLessThanOrEqual(
          priceBasket(lines, ship).amount,
        );
      }),
    );
  });

  it('saves at least as much as any other way of grouping the units into deals', () => {
    // Another grouping: the units in some order, taken a deal's size at a time, each group a deal when it saves.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.func(fc.integer()),
        (prices, paid, free, price, key) => {
          const lines = prices.map((p, i) => zero(['a', 'b', 'c'][i % 3], p, 1));
          const other = [...prices].sort((p, q) => key(p) - key(q) || p - q);
          const multibuy = { ...threeForFive, quantity: paid + free, price };
          const getFree = { ...threeForTwo, products: ['a', 'b', 'c'], quantity: paid, free };
          let multiSaving = 0;
          let freed = 0;
          for (let s = 0; s + paid + free <= other.length; s += paid + free) {
            const group = other.slice(s, s + paid + free).sort((p, q) => p - q);
            multiSaving += Math.max(0, group.reduce((sum, p) => sum + p, 0) - price);
            freed += group.slice(0, free).reduce((sum, p) => sum + p, 0);
          }
          expect(priceBasket(lines, noShipping, [multibuy]).savings).toBeGreaterThanOrEqual(multiSaving);
          expect(priceBasket(lines, noShipping, [getFree]).savings).toBeGreaterThanOrEqual(freed);
        },
      ),
    );
  });

  it('re-prices a fulfilled order never above what was agreed', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        rules,
        fc.array(fc.record({ found: fc.nat(12), sub: fc.nat(3000), refused: fc.boolean() }), {
          minLength: 8,
          maxLength: 8,
        }),
        (lines, promotions, outcomes) => {
          const agreed = priceBasket(lines, noShipping, promotions).amount;
          const fulfilled = lines.map((l, i) => ({
            product: l.product,
            price: l.offerPrice,
            vatBasisPoints: l.vatBasisPoints,
            quantity: l.quantity,
            picked: Math.min(l.quantity, outcomes[i].found),
            substitute:
              outcomes[i].found < l.quantity
                ? { quantity: l.quantity - outcomes[i].found, price: outcomes[i].sub, vatBasisPoints: 2000 }
                : null,
            refused: outcomes[i].refused,
          }));
          const priced = priceFulfilledBasket(fulfilled, 0, { promotions, agreed });
          expect(priced.amount).toBeLessThanOrEqual(agreed);
          expect(priced.lines.reduce((sum, l) => sum + l.charged, 0)).toBe(priced.amount);
        },
      ),
    );
  });
});

describe('promotions as shoppers read them', () => {
  it('labels each kind', () => {
    const base = { price: 500, free: 0, productCount: 1 };
    expect(promotionLabel({ ...base, kind: 'multibuy', quantity: 3 })).toBe('3 for £5');
    expect(promotionLabel({ ...base, kind: 'multibuy', quantity: 3, price: 1000, productCount: 4 })).toBe(
      'Any 3 for £10',
    );
    expect(promotionLabel({ ...base, kind: 'buy_get_free', quantity: 2, free: 1 })).toBe('3 for 2');
    expect(promotionLabel({ ...base, kind: 'reduction', quantity: 1, price: 180, was: 250 })).toBe(
      'Was £2.50, now £1.80',
    );
    expect(promotionLabel({ ...base, kind: 'multibuy', quantity: 2, price: 80 })).toBe('2 for 80p');
  });

  it('gives the unit price at the deal: "3 for £5" on 500 g packs is £3.33/kg', () => {
    const pack = {
      offerPrice: 200,
      vatBasisPoints: 0,
      netQuantity: 500,
      unit: 'g' as const,
      category: 'Rice',
    };
    expect(promotionalUnitPrice(threeForFive, pack)).toEqual({ amount: 3.33, per: 'kg' });
    expect(promotionalUnitPrice(threeForTwo, pack)).toEqual({ amount: 2.67, per: 'kg' });
    expect(promotionalUnitPrice({ kind: 'reduction', quantity: 1, price: 180, free: 0 }, pack)).toEqual({
      amount: 3.6,
      per: 'kg',
    });
    expect(promotionalUnitPrice(threeForFive, { ...pack, netQuantity: null, unit: null })).toBeNull();
  });

  it('says what would complete a deal', () => {
    const promotions = [{ ...threeForFive, label: '3 for £5' }];
    expect(dealNudges([{ product: 'a', quantity: 2 }], promotions)).toEqual([
      { promotion: 'p1', missing: 1, message: 'Add 1 more to get 3 for £5' },
    ]);
    expect(
      dealNudges(
        [
          { product: 'a', quantity: 1 },
          { product: 'b', quantity: 2 },
        ],
        promotions,
      ),
    ).toEqual([]);
    expect(dealNudges([{ product: 'a', quantity: 4 }], promotions)[0].missing).toBe(2);
  });

  it('tells running, scheduled and ended promotions apart at their edges', () => {
    const p = { startsAt: new Date('2026-03-29T00:00:00Z'), endsAt: new Date('2026-04-05T23:00:00Z') };
    expect(promotionState(p, new Date('2026-03-28T23:59:59Z'))).toBe('scheduled');
    expect(promotionState(p, new Date('2026-03-29T00:00:00Z'))).toBe('running');
    expect(promotionState(p, new Date('2026-04-05T23:00:00Z'))).toBe('ended');
  });

  it('accepts a "was" price only when it was the price for the whole 28 days before', () => {
    const start = new Date('2026-05-01T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const at = (daysBefore: number) => new Date(start.getTime() - daysBefore * day);
    expect(wasPriceHeld([{ price: 250, at: at(40) }], 250, start)).toBe(true);
    expect(wasPriceHeld([{ price: 250, at: at(27) }], 250, start)).toBe(false);
    expect(
      wasPriceHeld(
        [
          { price: 300, at: at(40) },
          { price: 250, at: at(10) },
        ],
        250,
        start,
      ),
    ).toBe(false);
    expect(
      wasPriceHeld(
        [
          { price: 250, at: at(40) },
          { price: 200, at: at(1) },
        ],
        250,
        start,
      ),
    ).toBe(false);
    expect(wasPriceHeld([{ price: 250, at: at(28) }], 250, start)).toBe(true);
  });
});

describe('"Was" prices under the CTSI pricing practices guidance', () => {
  const start = new Date('2026-05-01T00:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  const at = (daysFromStart: number) => new Date(start.getTime() + daysFromStart * day);

  it('shows "Was" no longer than the higher price ran before the reduction', () => {
    const history = [{ price: 250, at: at(-30) }];
    expect(wasPriceShownUntil(history, 250, start)?.toISOString()).toBe(at(30).toISOString());
    expect(wasPriceShownAt(history, 250, start, at(0))).toBe(true);
    expect(wasPriceShownAt(history, 250, start, new Date(at(30).getTime() - 1))).toBe(true);
    expect(wasPriceShownAt(history, 250, start, at(30))).toBe(false);
    expect(wasPriceShownAt(history, 250, start, at(45))).toBe(false);
  });

  it('counts the higher price from the start of its latest unbroken run', () => {
    const history = [
      { price: 250, at: at(-100) },
      { price: 220, at: at(-60) },
      { price: 250, at: at(-40) },
      { price: 250, at: at(-35) },
    ];
    expect(wasPriceShownUntil(history, 250, start)?.toISOString()).toBe(at(40).toISOString());
  });

  it('property: "Was" shows exactly while the higher price ran 28 days or more before, and no longer than it ran', () => {
    // The model's own statement, day by day: the price in force on each of the days before the reduction is the
    // latest change on or before it; the higher price "ran" for the unbroken days before the start at `was`.
    const change = fc.record({ price: fc.constantFrom(200, 250), day: fc.integer({ min: -120, max: -1 }) });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 6 }), fc.integer({ min: 0, max: 130 }), (changes, daysIn) => {
        const history = changes.map((c) => ({ price: c.price, at: at(c.day) }));
        const priceOn = (d: number) => {
          const before = changes.filter((c) => c.day <= d).sort((a, b) => a.day - b.day);
          // Two changes on one day: the later in the list is the later one (as a stable sort by time keeps them).
          return before.length ? before[before.length - 1].price : undefined;
        };
        let ran = 0;
        while (ran < 120 && priceOn(-(ran + 1)) === 250) ran += 1;
        const shown = wasPriceShownAt(history, 250, start, at(daysIn));
        expect(shown).toBe(ran >= 28 && daysIn < ran);
      }),
    );
  });

  it('never shows "Was" for a price held less than 28 days', () => {
    expect(wasPriceShownUntil([{ price: 250, at: at(-27) }], 250, start)).toBeNull();
    expect(wasPriceShownAt([{ price: 250, at: at(-27) }], 250, start, at(1))).toBe(false);
    expect(wasPriceShownUntil([{ price: 250, at: at(-28) }], 250, start)?.toISOString()).toBe(
      at(28).toISOString(),
    );
  });
});

describe('promotion dates in London time', () => {
  it('reads a date as the London day, in GMT and in BST', () => {
    expect(parsePromotionTime('2026-01-10', 'start')?.toISOString()).toBe('2026-01-10T00:00:00.000Z');
    expect(parsePromotionTime('2026-07-10', 'start')?.toISOString()).toBe('2026-07-09T23:00:00.000Z');
    // The clocks go forward on 29 March 2026: the day ends at 23:00 UTC.
    expect(parsePromotionTime('2026-03-29', 'end')?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(parsePromotionTime('2026-10-25', 'end')?.toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('reads a London wall-clock time and an instant with its offset; refuses anything else', () => {
    expect(parsePromotionTime('2026-07-10T09:30', 'start')?.toISOString()).toBe('2026-07-10T08:30:00.000Z');
    expect(parsePromotionTime('2026-07-10T09:30:00Z', 'start')?.toISOString()).toBe(
      '2026-07-10T09:30:00.000Z',
    );
    for (const bad of ['2026-02-30', '10/07/2026', '2026-07-10T25:00', 'tomorrow', '']) {
      expect(parsePromotionTime(bad, 'start')).toBeUndefined();
    }
  });
});

describe('when a promotion ends, as shoppers read it', () => {
  it('names the last London day of a promotion ending at midnight, and the time of one ending otherwise', () => {
    expect(promotionEndsText('2026-07-08T00:00:00+01:00')).toBe('Ends Tue 7 Jul');
    expect(promotionEndsText('2026-10-26T00:00:00+00:00')).toBe('Ends Sun 25 Oct');
    expect(promotionEndsText('2026-08-03T20:00:00+01:00')).toBe('Ends Mon 3 Aug, 20:00');
  });
});

describe('the On offer filter', () => {
  it('reads and writes onOffer in the URL and keeps only products in a promotion', () => {
    const filters = parseFoodFilters(new URLSearchParams('onOffer=1&diet=vegan'));
    expect(filters).toEqual({ freeFrom: [], diet: 'vegan', onOffer: true });
    expect(foodFiltersQuery(filters)).toBe('diet=vegan&onOffer=1');
    expect(parseFoodFilters(new URLSearchParams('onOffer=no')).onOffer).toBeUndefined();
    const product = { allergens: [], allergensConfirmed: true, dietary: ['vegan'] };
    expect(matchesFoodFilters({ ...product, promotion: { label: '3 for £5' } }, { onOffer: true })).toBe(
      true,
    );
    expect(matchesFoodFilters({ ...product, promotion: null }, { onOffer: true })).toBe(false);
    expect(matchesFoodFilters({ ...product, promotion: null }, {})).toBe(true);
  });
});
