import { addressFieldProblems } from './address';
import { MESSAGES } from './messages';
import {
  DEFAULT_DELIVERY_AREAS,
  deliveryCityFor,
  deliversTo,
  normaliseDeliveryAreas,
  notDeliveredMessage,
} from './delivery-area';

describe('delivery area', () => {
  it('delivers to a postcode whose area or district the city lists', () => {
    expect(deliversTo('bs8 1tl', 'Bristol', DEFAULT_DELIVERY_AREAS)).toBe(true);
    expect(deliversTo('BS8 1TL', 'Somerset', DEFAULT_DELIVERY_AREAS)).toBe(true);
    expect(deliversTo('CF10 1AA', 'Bristol', DEFAULT_DELIVERY_AREAS)).toBe(false);
    expect(deliversTo('SW1A 1AA', 'Bristol', DEFAULT_DELIVERY_AREAS)).toBe(false);
    const districts = { ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS8', 'BS1'] };
    expect(deliversTo('BS8 1TL', 'Bristol', districts)).toBe(true);
    expect(deliversTo('BS10 5AA', 'Bristol', districts)).toBe(false);
  });

  it('does not mistake an area for the start of another one', () => {
    expect(deliversTo('B1 1AA', 'Bristol', { ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS'] })).toBe(false);
    expect(deliversTo('BS1 1AA', 'Bristol', { ...DEFAULT_DELIVERY_AREAS, Bristol: ['B'] })).toBe(false);
  });

  it('names the first city delivering to a postcode', () => {
    expect(deliveryCityFor('ba1 1aa', DEFAULT_DELIVERY_AREAS)).toBe('Somerset');
    expect(deliveryCityFor('BS1 4DJ', DEFAULT_DELIVERY_AREAS)).toBe('Bristol');
    expect(deliveryCityFor('SW1A 1AA', DEFAULT_DELIVERY_AREAS)).toBeUndefined();
    expect(deliveryCityFor('nonsense', DEFAULT_DELIVERY_AREAS)).toBeUndefined();
  });

  it('accepts areas and districts for every city only', () => {
    expect(
      normaliseDeliveryAreas({
        Bristol: ['bs8', 'BS8', ' bs9 '],
        Cardiff: [],
        Somerset: ['TA'],
        Swindon: ['SN'],
      }),
    ).toEqual({
      Bristol: ['BS8', 'BS9'],
      Cardiff: [],
      Somerset: ['TA'],
      Swindon: ['SN'],
    });
    expect(normaliseDeliveryAreas({ Bristol: ['BS'] })).toBeUndefined();
    expect(normaliseDeliveryAreas({ ...DEFAULT_DELIVERY_AREAS, London: ['SW'] })).toBeUndefined();
    expect(normaliseDeliveryAreas({ ...DEFAULT_DELIVERY_AREAS, Bristol: ['BS8 1TL'] })).toBeUndefined();
    expect(normaliseDeliveryAreas({ ...DEFAULT_DELIVERY_AREAS, Bristol: 'BS' })).toBeUndefined();
    expect(normaliseDeliveryAreas([])).toBeUndefined();
  });

  it('writes the postcode as Royal Mail does in its refusal', () => {
    expect(notDeliveredMessage('sw1a1aa')).toBe('We do not deliver to SW1A 1AA yet.');
  });
});

describe('address field problems', () => {
  it('names every missing or wrong field, each with its own text', () => {
    expect(
      addressFieldProblems({
        street: ' ',
        city: 'London',
        state: '',
        postalCode: 'BS8',
        country: 'United Kingdom',
      }),
    ).toEqual({
      street: MESSAGES.addressFieldRequired,
      state: MESSAGES.addressFieldRequired,
      city: MESSAGES.invalidCity,
      postalCode: MESSAGES.invalidPostcode,
    });
    expect(
      addressFieldProblems({
        street: '1 Park Row',
        city: 'Bristol',
        state: 'Avon',
        postalCode: 'bs8 1tl',
        country: 'United Kingdom',
      }),
    ).toEqual({});
  });
});
