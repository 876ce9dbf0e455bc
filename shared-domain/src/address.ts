import { DELIVERY_COUNTRY, isDeliveryCity } from './delivery';
import { ADDRESS_FIELD_MAX_LENGTH } from './grocery';
import { MESSAGES } from './messages';

export interface AddressInput {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const ADDRESS_FIELDS = ['street', 'city', 'state', 'postalCode', 'country'] as const;

const POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?|GIR) ?(\d[A-Z]{2})$/;

/** A UK postcode in its usual form ("BS1 4DJ"), or undefined when it is not one. */
export function normaliseUkPostcode(value: string): string | undefined {
  const compact = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const m = POSTCODE.exec(compact);
  return m ? `${m[1]} ${m[2]}` : undefined;
}

export function isValidUkPostcode(value: string): boolean {
  return normaliseUkPostcode(value) !== undefined;
}

/**
 * A UK phone number as typed, tidied (single spaces), or undefined when it is not a UK number:
 * 10 or 11 digits starting 0, or the same with +44 / 0044 in place of the leading 0.
 */
export function normaliseUkPhone(value: string): string | undefined {
  const tidy = value.trim().replace(/\s+/g, ' ');
  if (!/^[+(\d][\d ()-]*$/.test(tidy)) return undefined;
  const digits = tidy.replace(/[ ()-]/g, '');
  const national = digits.startsWith('+44')
    ? '0' + digits.slice(3)
    : digits.startsWith('0044')
      ? '0' + digits.slice(4)
      : digits;
  if (!/^0[1-9]\d{8,9}$/.test(national)) return undefined;
  return tidy;
}

export function isValidUkPhone(value: string): boolean {
  return normaliseUkPhone(value) !== undefined;
}

export type AddressProblem = 'missing' | 'city' | 'country' | 'postalCode' | 'tooLong';

/** The first problem with an address, or undefined when the shop can deliver to it. */
export function addressProblem(
  address: Partial<Record<keyof AddressInput, unknown>>,
): AddressProblem | undefined {
  for (const field of ADDRESS_FIELDS) {
    const v = address[field];
    if (typeof v !== 'string' || v.trim() === '') return 'missing';
    if (v.length > ADDRESS_FIELD_MAX_LENGTH) return 'tooLong';
  }
  if (!isDeliveryCity(address.city)) return 'city';
  if (address.country !== DELIVERY_COUNTRY) return 'country';
  if (!isValidUkPostcode(address.postalCode as string)) return 'postalCode';
  return undefined;
}

/** What the customer reads for each problem addressProblem() finds. */
export const ADDRESS_PROBLEM_MESSAGES: Record<AddressProblem, string> = {
  missing: MESSAGES.fillAllFields,
  tooLong: MESSAGES.addressFieldTooLong,
  city: MESSAGES.invalidCity,
  country: MESSAGES.invalidCountry,
  postalCode: MESSAGES.invalidPostcode,
};

/** What the form shows beside each field addressProblem() finds wrong: every field, not only the first. */
export function addressFieldProblems(
  address: Partial<Record<keyof AddressInput, unknown>>,
): Partial<Record<keyof AddressInput, string>> {
  const problems: Partial<Record<keyof AddressInput, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const v = address[field];
    if (typeof v !== 'string' || v.trim() === '') problems[field] = MESSAGES.addressFieldRequired;
    else if (v.length > ADDRESS_FIELD_MAX_LENGTH) problems[field] = MESSAGES.addressFieldTooLong;
  }
  if (!problems.city && !isDeliveryCity(address.city)) problems.city = MESSAGES.invalidCity;
  if (!problems.country && address.country !== DELIVERY_COUNTRY) problems.country = MESSAGES.invalidCountry;
  if (!problems.postalCode && !isValidUkPostcode(address.postalCode as string))
    problems.postalCode = MESSAGES.invalidPostcode;
  return problems;
}

/** An address as one line of text. */
export function formatAddress(a: AddressInput): string {
  return [a.street, a.city, a.state, a.postalCode, a.country].filter((s) => s && s.trim()).join(', ');
}
