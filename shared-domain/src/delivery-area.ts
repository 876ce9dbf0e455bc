import { normaliseUkPostcode } from './address';
import { DELIVERY_CITIES, type DeliveryCity } from './delivery';

/**
 * Where the shop delivers, for each delivery city: postcode areas ("BS") or districts ("BS8"). A postcode lies
 * in a city's area when its area or its district is listed for that city. An area may belong to more than one
 * city (Somerset takes the Bristol BS area too).
 */
export type DeliveryAreas = Record<DeliveryCity, string[]>;

export const DEFAULT_DELIVERY_AREAS: DeliveryAreas = {
  Bristol: ['BS'],
  Cardiff: ['CF'],
  Somerset: ['BA', 'TA', 'BS'],
  Swindon: ['SN'],
};

/** How many areas or districts one city may list. */
export const MAX_DELIVERY_AREAS_PER_CITY = 100;

const AREA = /^[A-Z]{1,2}$/;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** A postcode area or district as Royal Mail writes it ("bs8" → "BS8"), or undefined when it is neither. */
export function normaliseDeliveryArea(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return AREA.test(code) || DISTRICT.test(code) ? code : undefined;
}

/**
 * The delivery areas given, tidied (upper case, each code once), or undefined when they are not one list of
 * areas or districts for every delivery city and nothing else.
 */
export function normaliseDeliveryAreas(input: unknown): DeliveryAreas | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const given = input as Record<string, unknown>;
  const keys = Object.keys(given);
  if (keys.length !== DELIVERY_CITIES.length || !DELIVERY_CITIES.every((c) => keys.includes(c)))
    return undefined;
  const areas = {} as DeliveryAreas;
  for (const city of DELIVERY_CITIES) {
    const list = given[city];
    if (!Array.isArray(list) || list.length > MAX_DELIVERY_AREAS_PER_CITY) return undefined;
    const codes: string[] = [];
    for (const entry of list) {
      const code = normaliseDeliveryArea(entry);
      if (!code) return undefined;
      if (!codes.includes(code)) codes.push(code);
    }
    areas[city] = codes;
  }
  return areas;
}

/** The area ("BS") and district ("BS8") of a UK postcode, or undefined when it is not one. */
function postcodeParts(postcode: string): { area: string; district: string } | undefined {
  const normal = normaliseUkPostcode(postcode);
  if (!normal) return undefined;
  const district = normal.split(' ')[0];
  return { area: district.replace(/\d.*$/, ''), district };
}

/** Whether the shop delivers to `postcode` as an address in `city`. */
export function deliversTo(postcode: string, city: string, areas: DeliveryAreas): boolean {
  const parts = postcodeParts(postcode);
  const codes = (areas as Record<string, string[] | undefined>)[city];
  if (!parts || !codes) return false;
  return codes.includes(parts.district) || codes.includes(parts.area);
}

/** The first delivery city whose area holds `postcode`, or undefined when the shop does not deliver there. */
export function deliveryCityFor(postcode: string, areas: DeliveryAreas): DeliveryCity | undefined {
  return DELIVERY_CITIES.find((city) => deliversTo(postcode, city, areas));
}

/** "We do not deliver to SW1A 1AA yet.": an address (or a postcode checked) outside the delivery area. */
export function notDeliveredMessage(postcode: string): string {
  return `We do not deliver to ${normaliseUkPostcode(postcode) ?? postcode.trim()} yet.`;
}

/** "We deliver to BS8 1TL (Bristol).": the home page's answer for a postcode inside the delivery area. */
export function deliveredMessage(postcode: string, city: string): string {
  return `We deliver to ${normaliseUkPostcode(postcode) ?? postcode.trim()} (${city}).`;
}
