import { CATEGORIES, MAX_IMAGE_BYTES, MESSAGES } from '@larder/shared-domain';
import {
  checkProductDraft,
  draftFromProduct,
  descriptionLines,
  EMPTY_DRAFT,
  fieldOfRefusal,
  imageProblem,
} from './product-draft';

const valid = {
  ...EMPTY_DRAFT,
  category: 'Fruits',
  name: ' Oranges ',
  price: '2.50',
  offerPrice: '1.99',
  vat: '0',
  netQuantity: '600',
  unit: 'g',
};

describe('descriptionLines', () => {
  it('splits on every kind of line break, trims and drops empty lines', () => {
    expect(descriptionLines('Juicy\r\n\n  Sweet  \r\n   \nFrom Spain\r')).toEqual([
      'Juicy',
      'Sweet',
      'From Spain',
    ]);
  });

  it('gives an empty list for blank text', () => {
    expect(descriptionLines('  \n\n ')).toEqual([]);
  });
});

describe('checkProductDraft', () => {
  it('builds the productData JSON from a valid form', () => {
    const result = checkProductDraft({ ...valid, description: 'a\n\nb', category: 'Fruits', vat: '20' }, 2);
    expect(result).toEqual({
      ok: true,
      productData: {
        name: 'Oranges',
        description: ['a', 'b'],
        category: 'Fruits',
        price: 2.5,
        offerPrice: 1.99,
        vat: 20,
        netQuantity: 600,
        unit: 'g',
        dietary: [],
        ageRestricted: false,
      },
    });
  });

  it('sends allergens only as the seller confirmed them: ticked, "contains none", or not at all', () => {
    const sent = (draft: Partial<typeof valid>, mode: 'add' | 'edit' = 'add') => {
      const result = checkProductDraft({ ...valid, ...draft }, 1, mode);
      return result.ok ? result.productData.allergens : 'refused';
    };
    expect(sent({})).toBeUndefined();
    expect(sent({}, 'edit')).toBeNull();
    expect(sent({ noAllergens: true })).toEqual([]);
    expect(sent({ noAllergens: true }, 'edit')).toEqual([]);
    expect(sent({ allergens: ['milk', 'celery'] })).toEqual(['celery', 'milk']);
  });

  it('prefills "contains none" only for a product confirmed with no allergens', () => {
    const product = { name: 'Oats', description: [], category: 'Fruits', price: 1, offerPrice: 1, vat: 0 };
    expect(draftFromProduct({ ...product, allergens: [], allergensConfirmed: true }).noAllergens).toBe(true);
    expect(draftFromProduct({ ...product, allergens: [], allergensConfirmed: false }).noAllergens).toBe(
      false,
    );
    expect(draftFromProduct({ ...product, allergens: ['milk'], allergensConfirmed: true }).noAllergens).toBe(
      false,
    );
  });

  it.each([
    ['name', { name: '   ' }, MESSAGES.enterProductName],
    ['price', { price: '' }, MESSAGES.enterPrice],
    ['price', { price: '-1' }, MESSAGES.priceInvalid],
    ['price', { price: '1.999' }, MESSAGES.priceInvalid],
    ['offerPrice', { offerPrice: '' }, MESSAGES.enterOfferPrice],
    ['offerPrice', { offerPrice: '2.51' }, MESSAGES.offerAbovePrice],
    ['vat', { vat: '' }, MESSAGES.enterVat],
    ['vat', { vat: '100.5' }, MESSAGES.vatInvalid],
    ['vat', { vat: 'abc' }, MESSAGES.vatInvalid],
    ['category', { category: 'Sweets' }, MESSAGES.chooseCategory],
    ['category', { category: '' }, MESSAGES.chooseCategory],
    ['netQuantity', { netQuantity: '' }, MESSAGES.packSizeAndUnit],
    ['unit', { unit: '' }, MESSAGES.packSizeAndUnit],
    ['netQuantity', { netQuantity: '0' }, MESSAGES.invalidNetQuantity],
    ['netQuantity', { netQuantity: '1.2345' }, MESSAGES.invalidNetQuantity],
    ['netQuantity', { netQuantity: '100001' }, MESSAGES.invalidNetQuantity],
    ['unit', { unit: 'lb' }, MESSAGES.invalidPackUnit],
    ['maxPerOrder', { maxPerOrder: '0' }, MESSAGES.invalidMaxPerOrder],
    ['maxPerOrder', { maxPerOrder: '100' }, MESSAGES.invalidMaxPerOrder],
    ['maxPerOrder', { maxPerOrder: '2.5' }, MESSAGES.invalidMaxPerOrder],
    ['maxPerOrder', { maxPerOrder: 'six' }, MESSAGES.invalidMaxPerOrder],
    [
      'nutrition.salt',
      {
        nutrition: {
          ...{ energyKj: '40', energyKcal: '10', fat: '0', saturates: '0', carbohydrate: '2' },
          ...{ sugars: '1', fibre: '', protein: '0.5', salt: '1.25' },
        },
      },
      MESSAGES.invalidNutrientGrams('Salt'),
    ],
    ['origin', { origin: 'x'.repeat(121) }, MESSAGES.invalidOrigin],
    ['storage', { storage: 'x'.repeat(301) }, MESSAGES.invalidStorage],
    ['producerAddress', { producerName: 'Dale Farm' }, MESSAGES.invalidProducer],
    ['producerName', { producerAddress: 'York' }, MESSAGES.invalidProducer],
    [
      'dietary',
      { dietary: ['vegan' as const], allergens: ['eggs' as const] },
      MESSAGES.veganWithAnimalAllergen,
    ],
  ])('rejects a bad %s', (field, change, message) => {
    expect(checkProductDraft({ ...valid, ...change }, 1)).toEqual({
      ok: false,
      problems: { [field]: message },
      first: field,
    });
  });

  it('sends a limit per order when one is typed; an edit sends null for an empty field', () => {
    const limited = checkProductDraft({ ...valid, maxPerOrder: ' 6 ' }, 1);
    expect(limited.ok && limited.productData.maxPerOrder).toBe(6);
    const none = checkProductDraft(valid, 1);
    expect(none.ok && 'maxPerOrder' in none.productData).toBe(false);
    const cleared = checkProductDraft(valid, 0, 'edit');
    expect(cleared.ok && cleared.productData.maxPerOrder).toBeNull();
  });

  it('reports every problem at once, the first in form order', () => {
    expect(checkProductDraft(EMPTY_DRAFT, 0)).toEqual({
      ok: false,
      first: 'images',
      problems: {
        images: MESSAGES.imagesRequired,
        name: MESSAGES.enterProductName,
        category: MESSAGES.chooseCategory,
        price: MESSAGES.enterPrice,
        offerPrice: MESSAGES.enterOfferPrice,
        vat: MESSAGES.enterVat,
      },
    });
  });

  it('sends no pack when neither pack size nor unit is given; an edit clears it with null', () => {
    const bare = { ...valid, netQuantity: '', unit: '' };
    const added = checkProductDraft(bare, 1);
    expect(added.ok && 'netQuantity' in added.productData).toBe(false);
    expect(added.ok && 'unit' in added.productData).toBe(false);
    const edited = checkProductDraft(bare, 0, 'edit');
    expect(edited).toMatchObject({ ok: true, productData: { netQuantity: null, unit: null } });
  });

  it('takes nutrition whole or not at all, grams as labels print them, fibre optional', () => {
    const nutrition = {
      energyKj: '1568',
      energyKcal: '374',
      fat: '8',
      saturates: '1.5',
      carbohydrate: '60',
      sugars: '1.1',
      fibre: '',
      protein: '11',
      salt: '0',
    };
    const result = checkProductDraft({ ...valid, nutrition }, 1);
    expect(result).toMatchObject({
      ok: true,
      productData: {
        nutrition: {
          energyKj: 1568,
          energyKcal: 374,
          fat: 8,
          saturates: 1.5,
          carbohydrate: 60,
          sugars: 1.1,
          fibre: null,
          protein: 11,
          salt: 0,
        },
      },
    });
    const bad = (change: Partial<typeof nutrition>) =>
      checkProductDraft({ ...valid, nutrition: { ...nutrition, ...change } }, 1);
    expect(bad({ salt: '0.31', saturates: '0.05' })).toMatchObject({
      ok: true,
      productData: { nutrition: { salt: 0.31, saturates: 0.05 } },
    });
    expect(bad({ fat: '8.25' })).toEqual({
      ok: false,
      problems: { 'nutrition.fat': MESSAGES.invalidNutrientGrams('Fat') },
      first: 'nutrition.fat',
    });
    expect(bad({ salt: '' })).toMatchObject({
      problems: { 'nutrition.salt': MESSAGES.invalidNutrientGrams('Salt') },
      first: 'nutrition.salt',
    });
    expect(bad({ salt: '0.315', protein: '1e1' })).toMatchObject({
      problems: {
        'nutrition.protein': MESSAGES.invalidNutrientGrams('Protein'),
        'nutrition.salt': MESSAGES.invalidNutrientGrams('Salt'),
      },
      first: 'nutrition.protein',
    });
    expect(bad({ energyKcal: '374.5' })).toMatchObject({
      problems: { 'nutrition.energyKcal': MESSAGES.invalidEnergy },
    });
    expect(bad({ sugars: '61' })).toMatchObject({
      problems: { 'nutrition.sugars': MESSAGES.sugarsAboveCarbohydrate },
    });
  });

  it('accepts an offer price equal to the price and the VAT bounds 0 and 100', () => {
    expect(checkProductDraft({ ...valid, offerPrice: '2.5', vat: '100' }, 1).ok).toBe(true);
    expect(checkProductDraft({ ...valid, vat: '0' }, 1).ok).toBe(true);
  });

  it('needs one to four images', () => {
    expect(checkProductDraft(valid, 0)).toMatchObject({ ok: false, first: 'images' });
    expect(checkProductDraft(valid, 5)).toMatchObject({
      ok: false,
      problems: { images: MESSAGES.tooManyImages },
    });
    expect(checkProductDraft(valid, 4).ok).toBe(true);
  });

  it('offers every category path', () => {
    for (const c of CATEGORIES) expect(checkProductDraft({ ...valid, category: c.path }, 1).ok).toBe(true);
  });
});

describe('fieldOfRefusal', () => {
  it('finds the box the field of a server refusal names', () => {
    expect(fieldOfRefusal('nutrition.salt')).toBe('nutrition.salt');
    expect(fieldOfRefusal('nutrition.energyKcal')).toBe('nutrition.energyKcal');
    expect(fieldOfRefusal('netQuantity')).toBe('netQuantity');
    expect(fieldOfRefusal('offerPrice')).toBe('offerPrice');
    expect(fieldOfRefusal('images')).toBe('images');
    expect(fieldOfRefusal('producer.address')).toBe('producerAddress');
    expect(fieldOfRefusal('producer')).toBe('producerName');
    expect(fieldOfRefusal('dietary.0')).toBe('dietary');
    expect(fieldOfRefusal('allergens')).toBeUndefined();
    expect(fieldOfRefusal(undefined)).toBeUndefined();
  });
});

describe('imageProblem', () => {
  it('takes pictures up to 5 MB and nothing else', () => {
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(MESSAGES.imageTooLarge);
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe(MESSAGES.imageType);
  });
});
