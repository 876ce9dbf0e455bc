import {
  HFSS_CATEGORIES,
  isLessHealthy,
  npmScore,
  nutrientProfile,
  proposeHfssCategory,
  rulesUnderPromotionLaw,
} from './nutrient-profiling';

const per100g = (n: {
  energyKj: number;
  saturates: number;
  sugars: number;
  salt: number;
  fibre: number | null;
  protein: number;
}) => n;

const chocolateBiscuits = per100g({
  energyKj: 2100,
  saturates: 15,
  sugars: 30,
  salt: 0.5,
  fibre: 2,
  protein: 6,
});
const wholemealLoaf = per100g({ energyKj: 1000, saturates: 0.5, sugars: 3, salt: 1.0, fibre: 7, protein: 9 });
const zero = per100g({ energyKj: 0, saturates: 0, sugars: 0, salt: 0, fibre: 0, protein: 0 });

describe('nutrient profiling model (2004/05, Technical Guidance 2011)', () => {
  it('scores chocolate biscuits 22: A 24 (energy 6, saturates 10, sugars 6, sodium 2), protein not counted', () => {
    expect(nutrientProfile(chocolateBiscuits, 0)).toEqual({
      a: 24,
      fruitVegNuts: 0,
      fibre: 2,
      protein: 3,
      score: 22,
    });
  });

  it('scores a wholemeal loaf -4: A 6 (energy 2, sodium 4) less fibre 5 and protein 5', () => {
    expect(nutrientProfile(wholemealLoaf, 0)).toEqual({
      a: 6,
      fruitVegNuts: 0,
      fibre: 5,
      protein: 5,
      score: -4,
    });
  });

  it('counts protein when A is 11 or more only if fruit, vegetables and nuts score 5', () => {
    // A = 11: energy 1100 kJ (3), saturates 5.5 (5), sugars 10 (2), salt 0.3 -> sodium 120 mg (1).
    const a11 = { energyKj: 1100, saturates: 5.5, sugars: 10, salt: 0.3, fibre: 1, protein: 10 };
    expect(nutrientProfile(a11, 0)).toMatchObject({ a: 11, score: 11 - 1 });
    expect(nutrientProfile(a11, 80)).toMatchObject({ fruitVegNuts: 2, score: 11 - (2 + 1) });
    expect(nutrientProfile(a11, 81)).toMatchObject({ fruitVegNuts: 5, score: 11 - (5 + 1 + 5) });
    // A = 10: protein counts whatever the fruit.
    expect(nutrientProfile({ ...a11, salt: 0 }, 0)).toMatchObject({ a: 10, score: 10 - (1 + 5) });
  });

  it('reads each table as "more than": a figure on a threshold scores the lower band', () => {
    expect(npmScore({ ...zero, energyKj: 335 }, 0)).toBe(0);
    expect(npmScore({ ...zero, energyKj: 336 }, 0)).toBe(1);
    expect(npmScore({ ...zero, energyKj: 3351 }, 0)).toBe(10);
    expect(npmScore({ ...zero, saturates: 1 }, 0)).toBe(0);
    expect(npmScore({ ...zero, saturates: 1.1 }, 0)).toBe(1);
    expect(npmScore({ ...zero, saturates: 40 }, 0)).toBe(10);
    expect(npmScore({ ...zero, sugars: 4.5 }, 0)).toBe(0);
    expect(npmScore({ ...zero, sugars: 4.6 }, 0)).toBe(1);
    expect(npmScore({ ...zero, sugars: 31 }, 0)).toBe(6);
    expect(npmScore({ ...zero, sugars: 31.1 }, 0)).toBe(7);
    expect(npmScore({ ...zero, sugars: 45.1 }, 0)).toBe(10);
    // Salt 0.2 g is 80 mg sodium (0); 0.3 g is 120 mg (1); 2.3 g is 920 mg (10).
    expect(npmScore({ ...zero, salt: 0.2 }, 0)).toBe(0);
    expect(npmScore({ ...zero, salt: 0.3 }, 0)).toBe(1);
    expect(npmScore({ ...zero, salt: 2.3 }, 0)).toBe(10);
    expect(npmScore({ ...zero, fibre: 0.9 }, 0)).toBe(0);
    expect(npmScore({ ...zero, fibre: 1 }, 0)).toBe(-1);
    expect(npmScore({ ...zero, fibre: 4.8 }, 0)).toBe(-5);
    expect(npmScore({ ...zero, protein: 1.6 }, 0)).toBe(0);
    expect(npmScore({ ...zero, protein: 1.7 }, 0)).toBe(-1);
    expect(npmScore({ ...zero, protein: 8.1 }, 0)).toBe(-5);
    expect(npmScore(zero, 40)).toBe(0);
    expect(npmScore(zero, 41)).toBe(-1);
    expect(npmScore(zero, 60.5)).toBe(-2);
    expect(npmScore(zero, 100)).toBe(-5);
  });

  it('cannot score a product without its fibre or its fruit, vegetable and nut content', () => {
    expect(npmScore({ ...chocolateBiscuits, fibre: null }, 0)).toBeNull();
    expect(npmScore(chocolateBiscuits, null)).toBeNull();
    expect(npmScore(null, 0)).toBeNull();
  });
});

describe('less healthy (SI 2021/1368 reg 3)', () => {
  it('is a food in a Schedule 1 category scoring 4 or more', () => {
    expect(isLessHealthy({ hfssCategory: 'sweet-biscuits', category: 'Bakery', npmScore: 22 })).toBe(true);
    expect(isLessHealthy({ hfssCategory: 'morning-goods', category: 'Bakery', npmScore: 4 })).toBe(true);
    expect(isLessHealthy({ hfssCategory: 'morning-goods', category: 'Bakery', npmScore: 3 })).toBe(false);
  });

  it('is a drink scoring 1 or more', () => {
    const cola = { energyKj: 180, saturates: 0, sugars: 10.6, salt: 0, fibre: 0, protein: 0 };
    expect(npmScore(cola, 0)).toBe(2);
    expect(isLessHealthy({ hfssCategory: 'soft-drinks', category: 'Drinks', npmScore: 1 })).toBe(true);
    expect(isLessHealthy({ hfssCategory: 'soft-drinks', category: 'Drinks', npmScore: 0 })).toBe(false);
  });

  it('is never a product out of scope, and unknown when the score is', () => {
    expect(isLessHealthy({ hfssCategory: null, category: 'Bakery', npmScore: 22 })).toBe(false);
    expect(isLessHealthy({ hfssCategory: 'pizza', category: 'Instant', npmScore: null })).toBeNull();
  });

  it('has the 13 categories of Schedule 1', () => {
    expect(HFSS_CATEGORIES).toHaveLength(13);
  });

  it('proposes a category from the name, then the shop category', () => {
    expect(proposeHfssCategory({ name: 'Chocolate digestive biscuits', category: 'Bakery' })).toBe(
      'sweet-biscuits',
    );
    expect(proposeHfssCategory({ name: 'All butter croissants', category: 'Bakery' })).toBe('morning-goods');
    expect(proposeHfssCategory({ name: 'Cola 330 ml', category: 'Drinks' })).toBe('soft-drinks');
    expect(proposeHfssCategory({ name: 'Bananas', category: 'Fruits' })).toBeNull();
    expect(proposeHfssCategory({ name: 'Basmati rice', category: 'Grains' })).toBeNull();
  });
});

describe('volume promotions under the food promotion rules', () => {
  const rules = [
    { id: 'a', kind: 'multibuy' as const, products: ['biscuits', 'apples'] },
    { id: 'b', kind: 'buy_get_free' as const, products: ['biscuits'] },
    { id: 'c', kind: 'reduction' as const, products: ['biscuits'] },
  ];
  it('takes less healthy products out of multi-buys and free offers, not out of reductions', () => {
    expect(rulesUnderPromotionLaw(rules, new Set(['biscuits']), true).map((r) => r.products)).toEqual([
      ['apples'],
      [],
      ['biscuits'],
    ]);
  });
  it('changes nothing when the rules do not apply', () => {
    expect(rulesUnderPromotionLaw(rules, new Set(['biscuits']), false)).toEqual(rules);
  });
});
