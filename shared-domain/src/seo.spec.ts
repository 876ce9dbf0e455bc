import {
  HOME_TITLE,
  categoryDescription,
  documentTitle,
  productDescription,
  productScreenTitle,
} from './seo';

describe('page titles and descriptions', () => {
  const cheddar = {
    name: 'Mature Cheddar 400g',
    category: 'Dairy',
    description: ['Aged for a rich, full flavour', 'Made in Somerset'],
    priceWithVat: 3.75,
    offerPriceWithVat: 3.25,
  };

  it('titles a screen after the shop, and the home page as the shop', () => {
    expect(documentTitle('Dairy Products')).toBe('Dairy Products | Larder');
    expect(documentTitle('Orders', 'Larder Seller')).toBe('Orders | Larder Seller');
    expect(documentTitle('')).toBe('Larder');
    expect(HOME_TITLE).toBe('Larder — groceries delivered');
  });

  it('names a product with its pack and price', () => {
    expect(productScreenTitle(cheddar)).toBe('Mature Cheddar 400g – £3.25');
    expect(productDescription(cheddar)).toBe(
      "Mature Cheddar 400g for £3.25 (was £3.75) from Larder's Dairy Products, delivered next day. " +
        'Aged for a rich, full flavour. Made in Somerset.',
    );
    expect(productDescription({ ...cheddar, offerPriceWithVat: 3.75 })).toMatch(
      /^Mature Cheddar 400g for £3\.75 from/,
    );
  });

  it('keeps a description within 160 characters, cut at a word', () => {
    const long = productDescription({ ...cheddar, description: ['word '.repeat(60).trim()] });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith(' word…')).toBe(true);
  });

  it('describes a category by its display name', () => {
    expect(categoryDescription('Whole_Spices')).toMatch(/^Whole Spices at Larder:/);
  });
});
