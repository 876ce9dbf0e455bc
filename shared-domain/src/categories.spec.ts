import { CATEGORIES, categoryText } from './categories';

describe('categoryText', () => {
  it('gives the display name of a category path', () => {
    expect(categoryText('Fruits')).toBe('Fresh Fruits');
    expect(categoryText('Whole_Spices')).toBe('Whole Spices');
    for (const category of CATEGORIES) expect(categoryText(category.path)).toBe(category.text);
  });

  it('falls back to the path when it is not a category', () => {
    expect(categoryText('Frozen_Food')).toBe('Frozen_Food');
    expect(categoryText('fruits')).toBe('fruits');
  });
});
