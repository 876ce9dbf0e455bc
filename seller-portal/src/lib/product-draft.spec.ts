import { CATEGORIES, MAX_IMAGE_BYTES } from '@larder/shared-domain';
import {
  checkProductDraft,
  descriptionLines,
  DRAFT_MESSAGES,
  EMPTY_DRAFT,
  imageProblem,
} from './product-draft';

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
    ['name', { name: '   ' }, DRAFT_MESSAGES.nameRequired],
    ['price', { price: '' }, DRAFT_MESSAGES.priceRequired],
    ['price', { price: '-1' }, DRAFT_MESSAGES.priceInvalid],
    ['price', { price: '1.999' }, DRAFT_MESSAGES.priceInvalid],
    ['offerPrice', { offerPrice: '' }, DRAFT_MESSAGES.offerPriceRequired],
    ['offerPrice', { offerPrice: '2.51' }, DRAFT_MESSAGES.offerAbovePrice],
    ['vat', { vat: '' }, DRAFT_MESSAGES.vatRequired],
    ['vat', { vat: '100.5' }, DRAFT_MESSAGES.vatInvalid],
    ['vat', { vat: 'abc' }, DRAFT_MESSAGES.vatInvalid],
    ['category', { category: 'Sweets' }, DRAFT_MESSAGES.categoryInvalid],
    ['category', { category: '' }, DRAFT_MESSAGES.categoryInvalid],
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
        images: DRAFT_MESSAGES.imagesRequired,
        name: DRAFT_MESSAGES.nameRequired,
        category: DRAFT_MESSAGES.categoryInvalid,
        price: DRAFT_MESSAGES.priceRequired,
        offerPrice: DRAFT_MESSAGES.offerPriceRequired,
        vat: DRAFT_MESSAGES.vatRequired,
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
      problems: { images: DRAFT_MESSAGES.tooManyImages },
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
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(DRAFT_MESSAGES.imageTooLarge);
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe(DRAFT_MESSAGES.notAnImage);
  });
});
