import {
  businessResponsible,
  foodFiltersQuery,
  foodInformationProblem,
  matchesFoodFilters,
  parseFoodFilters,
  formatPack,
  formatUnitPrice,
  isLabelGrams,
  isWholePack,
  trafficLights,
  unitPrice,
  type Nutrition,
  type TrafficLights,
} from './food';

const pack = (
  offerPence: number,
  netQuantity: number,
  unit: 'g' | 'kg' | 'ml' | 'l' | 'each',
  category = 'Vegetables',
) => unitPrice({ offerPence, netQuantity, unit, category });

describe('unitPrice', () => {
  it('prices goods sold by weight per kg', () => {
    expect(pack(140, 500, 'g')).toEqual({ amount: 2.8, per: 'kg' });
    expect(pack(65, 1, 'kg')).toEqual({ amount: 0.65, per: 'kg' });
    expect(pack(275, 2.5, 'kg')).toEqual({ amount: 1.1, per: 'kg' });
  });

  it('prices goods sold by volume per litre', () => {
    expect(pack(199, 2, 'l', 'Drinks')).toEqual({ amount: 1, per: 'litre' });
    expect(pack(330, 3000, 'ml', 'Drinks')).toEqual({ amount: 1.1, per: 'litre' });
  });

  it('prices goods sold by number per item', () => {
    expect(pack(330, 12, 'each', 'Dairy')).toEqual({ amount: 0.28, per: 'each' });
  });

  it('prices small packs per 100 g and per 100 ml', () => {
    expect(pack(99, 90, 'g', 'Bakery')).toEqual({ amount: 1.1, per: '100g' });
    expect(pack(150, 50, 'ml', 'Drinks')).toEqual({ amount: 3, per: '100ml' });
    // exactly 100 g is no longer a small pack
    expect(pack(99, 100, 'g', 'Bakery')).toEqual({ amount: 9.9, per: 'kg' });
  });

  it('prices herbs and spices per 100 g, and per 10 g in packs of 10 g or less', () => {
    expect(pack(150, 50, 'g', 'Whole_Spices')).toEqual({ amount: 3, per: '100g' });
    expect(pack(120, 100, 'g', 'Ground_Spices')).toEqual({ amount: 1.2, per: '100g' });
    expect(pack(120, 1, 'kg', 'Ground_Spices')).toEqual({ amount: 0.12, per: '100g' });
    expect(pack(99, 10, 'g', 'Whole_Spices')).toEqual({ amount: 0.99, per: '10g' });
    expect(pack(100, 10.001, 'g', 'Whole_Spices')).toEqual({ amount: 10, per: '100g' });
  });

  it('rounds half a penny up and anything less down', () => {
    // 200p for 300 g: 666.67p/kg
    expect(pack(200, 300, 'g')).toEqual({ amount: 6.67, per: 'kg' });
    // 125p for 330 ml: 378.79p/litre
    expect(pack(125, 330, 'ml', 'Drinks')).toEqual({ amount: 3.79, per: 'litre' });
    // 1p for 2 items: 0.5p each -> 1p; 1p for 3 items: 0.33p -> 0p
    expect(pack(1, 2, 'each')).toEqual({ amount: 0.01, per: 'each' });
    expect(pack(1, 3, 'each')).toEqual({ amount: 0, per: 'each' });
    // 101p for 200 g: 505p/kg exactly; 1p for 400 g: 2.5p/kg -> 3p
    expect(pack(101, 200, 'g')).toEqual({ amount: 5.05, per: 'kg' });
    expect(pack(1, 400, 'g')).toEqual({ amount: 0.03, per: 'kg' });
  });

  it('takes quantities with three decimals exactly', () => {
    expect(pack(100, 0.375, 'kg')).toEqual({ amount: 2.67, per: 'kg' });
    expect(pack(1_000_000, 0.001, 'g', 'Bakery')).toEqual({ amount: 1_000_000_000, per: '100g' });
  });

  it('refuses a pack of nothing', () => {
    expect(() => pack(100, 0, 'g')).toThrow(RangeError);
    expect(() => pack(100, 0.0001, 'g')).toThrow(RangeError);
  });
});

describe('formatUnitPrice', () => {
  it('prints the amount, a slash and the unit', () => {
    expect(formatUnitPrice({ amount: 3.3, per: 'kg' })).toBe('£3.30/kg');
    expect(formatUnitPrice({ amount: 1, per: 'litre' })).toBe('£1.00/litre');
    expect(formatUnitPrice({ amount: 0.28, per: 'each' })).toBe('£0.28/each');
    expect(formatUnitPrice({ amount: 0.99, per: '10g' })).toBe('£0.99/10g');
    expect(formatUnitPrice({ amount: 3, per: '100ml' })).toBe('£3.00/100ml');
  });
});

const base: Nutrition = {
  energyKj: 100,
  energyKcal: 24,
  fat: 0,
  saturates: 0,
  carbohydrate: 0,
  sugars: 0,
  fibre: null,
  protein: 0,
  salt: 0,
};

function lightsFor(key: keyof TrafficLights, grams: number, category: string) {
  return trafficLights({ ...base, [key]: grams }, category)![key];
}

describe('trafficLights', () => {
  it('is null without nutrition', () => {
    expect(trafficLights(null, 'Dairy')).toBeNull();
    expect(trafficLights(undefined, 'Drinks')).toBeNull();
  });

  it('is null for an alcoholic (age-restricted) drink even with nutrition given', () => {
    expect(trafficLights(base, 'Drinks', true)).toBeNull();
    expect(trafficLights(base, 'Drinks', false)).toEqual({
      fat: 'low',
      saturates: 'low',
      sugars: 'low',
      salt: 'low',
    });
  });

  // [nutrient, last low, first medium, last medium, first high] in grams per 100 g, at the precision labels
  // print them (two decimals below 1 g, one from 1 g)
  const food: [keyof TrafficLights, number, number, number, number][] = [
    ['fat', 3.0, 3.1, 17.5, 17.6],
    ['saturates', 1.5, 1.6, 5.0, 5.1],
    ['sugars', 5.0, 5.1, 22.5, 22.6],
    ['salt', 0.3, 0.31, 1.5, 1.6],
  ];
  it.each(food)(
    'food %s: low to %s, medium from %s to %s, high from %s',
    (key, low, medFrom, medTo, high) => {
      expect(lightsFor(key, 0, 'Dairy')).toBe('low');
      expect(lightsFor(key, low, 'Dairy')).toBe('low');
      expect(lightsFor(key, medFrom, 'Dairy')).toBe('medium');
      expect(lightsFor(key, medTo, 'Dairy')).toBe('medium');
      expect(lightsFor(key, high, 'Dairy')).toBe('high');
    },
  );

  // per 100 ml for drinks
  const drinks: [keyof TrafficLights, number, number, number, number][] = [
    ['fat', 1.5, 1.6, 8.7, 8.8],
    ['saturates', 0.75, 0.76, 2.5, 2.6],
    ['sugars', 2.5, 2.6, 11.2, 11.3],
    ['salt', 0.3, 0.31, 0.75, 0.76],
  ];
  it.each(drinks)(
    'drinks %s: low to %s, medium from %s to %s, high from %s',
    (key, low, medFrom, medTo, high) => {
      expect(lightsFor(key, low, 'Drinks')).toBe('low');
      expect(lightsFor(key, medFrom, 'Drinks')).toBe('medium');
      expect(lightsFor(key, medTo, 'Drinks')).toBe('medium');
      expect(lightsFor(key, high, 'Drinks')).toBe('high');
    },
  );

  it('compares decimals exactly (0.1 + 0.2 grams of salt is 0.3, low)', () => {
    expect(lightsFor('salt', 0.1 + 0.2, 'Dairy')).toBe('low');
  });

  it('compares at the hundredths labels print: salt 0.31 g is medium, saturates 0.76 ml in a drink medium', () => {
    expect(lightsFor('salt', 0.31, 'Dairy')).toBe('medium');
    expect(lightsFor('salt', 0.29, 'Dairy')).toBe('low');
    expect(lightsFor('salt', 0.31, 'Drinks')).toBe('medium');
    expect(lightsFor('salt', 0.76, 'Drinks')).toBe('high');
    expect(lightsFor('saturates', 0.76, 'Drinks')).toBe('medium');
    expect(lightsFor('saturates', 0.75, 'Drinks')).toBe('low');
    expect(lightsFor('salt', 0.07 + 0.24, 'Dairy')).toBe('medium');
  });

  it('gives a sweet drink medium sugars and a cheddar its highs', () => {
    expect(trafficLights({ ...base, sugars: 10.6 }, 'Drinks')).toEqual({
      fat: 'low',
      saturates: 'low',
      sugars: 'medium',
      salt: 'low',
    });
    expect(trafficLights({ ...base, fat: 34.9, saturates: 21.7, sugars: 0.1, salt: 1.8 }, 'Dairy')).toEqual({
      fat: 'high',
      saturates: 'high',
      sugars: 'low',
      salt: 'high',
    });
  });
});

describe('businessResponsible', () => {
  it('names the producer entered, or else the shop', () => {
    expect(businessResponsible({ name: 'Dale Farm', address: 'Belfast' })).toEqual({
      name: 'Dale Farm',
      address: 'Belfast',
    });
    expect(businessResponsible(null)).toEqual({ name: 'Larder', address: 'London, UK' });
    expect(businessResponsible(null, null)).toEqual({ name: 'Larder', address: 'London, UK' });
  });

  it('names the shop by its saved business details once they are saved', () => {
    const shop = { legalName: 'Larder Foods Ltd', address: '1 Market Street, Bristol BS1 1AA' };
    expect(businessResponsible(null, shop)).toEqual({
      name: 'Larder Foods Ltd',
      address: '1 Market Street, Bristol BS1 1AA',
    });
    expect(businessResponsible({ name: 'Dale Farm', address: 'Belfast' }, shop)).toEqual({
      name: 'Dale Farm',
      address: 'Belfast',
    });
  });
});

describe('matchesFoodFilters', () => {
  const oats = { allergens: ['gluten'], allergensConfirmed: true, dietary: ['vegetarian', 'vegan'] };
  const cheddar = { allergens: ['milk'], allergensConfirmed: true, dietary: ['vegetarian'] };
  const unchecked = { allergens: [], allergensConfirmed: false, dietary: ['vegan'] };

  it('leaves out products containing any allergen named, and products nobody confirmed', () => {
    expect(matchesFoodFilters(oats, { freeFrom: ['milk'] })).toBe(true);
    expect(matchesFoodFilters(oats, { freeFrom: ['milk', 'gluten'] })).toBe(false);
    expect(matchesFoodFilters(cheddar, { freeFrom: ['milk'] })).toBe(false);
    expect(matchesFoodFilters(unchecked, { freeFrom: ['milk'] })).toBe(false);
    expect(matchesFoodFilters(unchecked, {})).toBe(true);
  });

  it('keeps vegan products for vegetarians, and only vegan ones for vegans', () => {
    expect(matchesFoodFilters(oats, { diet: 'vegetarian' })).toBe(true);
    expect(matchesFoodFilters(cheddar, { diet: 'vegetarian' })).toBe(true);
    expect(matchesFoodFilters(cheddar, { diet: 'vegan' })).toBe(false);
    expect(matchesFoodFilters(oats, { diet: 'vegan', freeFrom: ['milk'] })).toBe(true);
  });
});

describe('parseFoodFilters', () => {
  it('reads comma lists and repeated boxes, ignoring what it does not know', () => {
    const q = new URLSearchParams('freeFrom=milk,gluten&freeFrom=eggs&freeFrom=chalk&diet=vegan');
    expect(parseFoodFilters(q)).toEqual({ freeFrom: ['milk', 'gluten', 'eggs'], diet: 'vegan' });
    expect(parseFoodFilters(new URLSearchParams('diet=carnivore'))).toEqual({
      freeFrom: [],
      diet: undefined,
    });
    expect(foodFiltersQuery({ freeFrom: ['milk', 'gluten'], diet: 'vegan' })).toBe(
      'freeFrom=milk,gluten&diet=vegan',
    );
  });
});

describe('foodInformationProblem', () => {
  const nutrition: Nutrition = {
    energyKj: 200,
    energyKcal: 48,
    fat: 1,
    saturates: 0.5,
    carbohydrate: 10,
    sugars: 8,
    fibre: null,
    protein: 1,
    salt: 0,
  };
  const food = { nutrition, dietary: ['vegan'], allergens: ['celery'] };

  it.each([
    ['saturates above fat', { ...food, nutrition: { ...nutrition, saturates: 1.1 } }, 'saturatesAboveFat'],
    [
      'sugars above carbohydrate',
      { ...food, nutrition: { ...nutrition, sugars: 10.1 } },
      'sugarsAboveCarbohydrate',
    ],
    ['a vegan product with milk', { ...food, allergens: ['celery', 'milk'] }, 'veganWithAnimalAllergen'],
    ['nothing wrong', food, undefined],
    ['no nutrition and no diet', { nutrition: null, dietary: [], allergens: ['eggs'] }, undefined],
  ])('finds %s', (_case, input, problem) => {
    expect(foodInformationProblem(input)).toBe(problem);
  });
});

describe('a product without a pack size', () => {
  it('has no unit price and no pack to print', () => {
    expect(unitPrice({ offerPence: 140, netQuantity: null, unit: null, category: 'Bakery' })).toBeNull();
    expect(formatPack(null, null)).toBe('');
  });

  it('is whole with both or neither of quantity and unit', () => {
    expect(isWholePack({})).toBe(true);
    expect(isWholePack({ netQuantity: null, unit: null })).toBe(true);
    expect(isWholePack({ netQuantity: 500, unit: 'g' })).toBe(true);
    expect(isWholePack({ netQuantity: 500 })).toBe(false);
    expect(isWholePack({ unit: 'g' })).toBe(false);
  });
});

describe('isLabelGrams', () => {
  it('takes two decimals below 1 g and one from 1 g, as labels print them', () => {
    for (const grams of [0, 0.01, 0.05, 0.31, 0.99, 1, 1.2, 12.5, 100])
      expect(isLabelGrams(grams)).toBe(true);
  });

  it('refuses finer figures, negatives, more than 100 g and what is not a number', () => {
    for (const grams of [1.25, 12.55, 0.315, 0.001, -0.1, 100.1, NaN, '0.31', null]) {
      expect(isLabelGrams(grams)).toBe(false);
    }
  });
});
