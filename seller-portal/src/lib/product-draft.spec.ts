import { CATEGORIES, MAX_IMAGE_BYTES, MESSAGES } from '@larder/shared-domain';
import { checkProductDraft, descriptionLines, EMPTY_DRAFT, imageProblem } from './product-draft';

const valid = {
  ...EMPTY_DRAFT,
  category: 'Fruits',
  name: ' Oranges ',
  price: '2.50',
  offerPrice: '1.99',
  vat: '0',
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
      },
    });
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
  ])('rejects a bad %s', (field, change, message) => {
    expect(checkProductDraft({ ...valid, ...change }, 1)).toEqual({
      ok: false,
      problems: { [field]: message },
      first: field,
    });
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

describe('imageProblem', () => {
  it('takes pictures up to 5 MB and nothing else', () => {
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(MESSAGES.imageTooLarge);
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe(MESSAGES.imageType);
  });
});
