import {
  ADDRESS_PROBLEM_MESSAGES,
  addressProblem,
  formatAddress,
  normaliseUkPhone,
  normaliseUkPostcode,
} from './address';
import { CATEGORIES, categoryFromSlug, categorySlug } from './categories';
import { MESSAGES } from './messages';

const good = {
  street: '12 Park Row',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'bs1 5lj',
  country: 'United Kingdom',
};

describe('addresses', () => {
  it('accepts a complete UK address in a delivery city', () => {
    expect(addressProblem(good)).toBeUndefined();
  });

  it('reports missing or blank fields first', () => {
    expect(addressProblem({ ...good, state: '  ' })).toBe('missing');
    expect(addressProblem({ ...good, street: undefined })).toBe('missing');
  });

  it('reports cities, countries and postcodes it cannot deliver to', () => {
    expect(addressProblem({ ...good, city: 'London' })).toBe('city');
    expect(addressProblem({ ...good, country: 'France' })).toBe('country');
    expect(addressProblem({ ...good, postalCode: '12345' })).toBe('postalCode');
    expect(addressProblem({ ...good, street: 'x'.repeat(121) })).toBe('tooLong');
  });

  it('words each address problem for the customer', () => {
    expect(ADDRESS_PROBLEM_MESSAGES).toEqual({
      missing: MESSAGES.fillAllFields,
      tooLong: 'Address fields must be at most 120 characters',
      city: MESSAGES.invalidCity,
      country: MESSAGES.invalidCountry,
      postalCode: MESSAGES.invalidPostcode,
    });
  });

  it('formats an address as one line', () => {
    expect(formatAddress(good)).toBe('12 Park Row, Bristol, Avon, bs1 5lj, United Kingdom');
  });
});

describe('UK postcodes', () => {
  it.each([
    ['bs1 5lj', 'BS1 5LJ'],
    ['CF10 1EP', 'CF10 1EP'],
    ['sn11bb', 'SN1 1BB'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['W1A 0AX', 'W1A 0AX'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each(['', 'BS1', '12345', 'BS1 5L', 'QQ1 1AA 1'])('refuses %p', (input) => {
    expect(normaliseUkPostcode(input)).toBeUndefined();
  });
});

describe('UK phone numbers', () => {
  it.each(['07700 900123', '+44 7700 900123', '0044 7700 900123', '(0117) 496 0123', '020 7946 0958'])(
    'accepts %s',
    (input) => {
      expect(normaliseUkPhone(input)).toBe(input);
    },
  );

  it('tidies whitespace', () => {
    expect(normaliseUkPhone('  07700   900123 ')).toBe('07700 900123');
  });

  it.each(['hello', '12345', '+33 6 12 34 56 78', '07700 900123 ext', '0770090012345'])(
    'refuses %p',
    (input) => {
      expect(normaliseUkPhone(input)).toBeUndefined();
    },
  );
});

describe('categories', () => {
  it('has the ten categories of the catalogue with their paths', () => {
    expect(CATEGORIES.map((c) => [c.text, c.path])).toEqual([
      ['Vegetables', 'Vegetables'],
      ['Fresh Fruits', 'Fruits'],
      ['Cold Drinks', 'Drinks'],
      ['Instant Food', 'Instant'],
      ['Dairy Products', 'Dairy'],
      ['Bakery & Breads', 'Bakery'],
      ['Grains & Cereals', 'Grains'],
      ['Whole Spices', 'Whole_Spices'],
      ['Ground Spices', 'Ground_Spices'],
      ['Flour', 'Flour'],
    ]);
  });

  it('maps lowercase route segments to categories', () => {
    expect(categoryFromSlug('whole_spices')?.text).toBe('Whole Spices');
    expect(categorySlug('Ground_Spices')).toBe('ground_spices');
    expect(categoryFromSlug('sweets')).toBeUndefined();
  });
});

describe('message catalogue', () => {
  it('keeps the spec texts word for word', () => {
    expect(MESSAGES.userExistsRedirecting).toBe('User already exists. Redirecting to login...');
    expect(MESSAGES.notSignedIn).toBe("Oops! You're not signed in. Please sign up to continue.");
    expect(MESSAGES.deleteAccountConfirm2).toBe('Are you absolutely sure? This cannot be undone.');
  });
});
