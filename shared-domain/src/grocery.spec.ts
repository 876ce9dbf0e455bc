import { allergyAdvice, ALLERGEN_IDS, emphasiseAllergens, isAllergenId, isPurchasable } from './grocery';
import { notEnoughStockMessage, onlyLeftMessage } from './messages';

describe('allergens', () => {
  it('are exactly the 14 UK allergens', () => {
    expect([...ALLERGEN_IDS].sort()).toEqual(
      [
        'celery',
        'gluten',
        'crustaceans',
        'eggs',
        'fish',
        'lupin',
        'milk',
        'molluscs',
        'mustard',
        'nuts',
        'peanuts',
        'sesame',
        'soya',
        'sulphites',
      ].sort(),
    );
    expect(isAllergenId('milk')).toBe(true);
    expect(isAllergenId('Milk')).toBe(false);
    expect(isAllergenId('gluten-free')).toBe(false);
  });

  it('are listed in words for the allergy advice', () => {
    expect(allergyAdvice(['milk', 'eggs', 'gluten'])).toBe('Contains: milk, eggs, cereals containing gluten');
    expect(allergyAdvice([])).toBe('');
  });

  it('are emphasised as whole words inside the ingredients', () => {
    const parts = emphasiseAllergens('Wheat flour, butter (milk), buttermilk powder, eggplant', [
      'gluten',
      'milk',
    ]);
    expect(parts.filter((p) => p.allergen).map((p) => p.text)).toEqual([
      'Wheat',
      'butter',
      'milk',
      'buttermilk',
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Wheat flour, butter (milk), buttermilk powder, eggplant');
    expect(emphasiseAllergens('Eggs', [])).toEqual([{ text: 'Eggs', allergen: false }]);
  });
});

describe('stock', () => {
  it('is purchasable when switched on and not counted or above zero', () => {
    expect(isPurchasable({ listed: true, stock: null })).toBe(true);
    expect(isPurchasable({ listed: true, stock: 1 })).toBe(true);
    expect(isPurchasable({ listed: true, stock: 0 })).toBe(false);
    expect(isPurchasable({ listed: false, stock: 10 })).toBe(false);
  });

  it('names the product and what is left', () => {
    expect(onlyLeftMessage('Oat Cookies', 2)).toBe('Only 2 left of Oat Cookies');
  });

  it('says out of stock when nothing is left', () => {
    expect(notEnoughStockMessage('Oat Cookies', 3)).toBe('Only 3 left of Oat Cookies');
    expect(notEnoughStockMessage('Oat Cookies', 0)).toBe('Sorry, Oat Cookies is out of stock');
  });
});
