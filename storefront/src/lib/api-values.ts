import { percentToBasisPoints, poundsToPence, unitPriceWithVat } from '@larder/shared-domain';

// Values the pages send to or read from the API, shared by the cart and the order editor. The API speaks pounds
// and VAT percent; the pages calculate in pence and basis points, converting here on the way in.

/** API pounds (two decimals) to pence. */
export function toPence(pounds: number): number {
  return poundsToPence(pounds) ?? Math.round(pounds * 100);
}

/** An API VAT rate in percent (two decimals) to basis points. */
export function toBasisPoints(percent: number): number {
  return percentToBasisPoints(percent) ?? Math.round(percent * 100);
}

/** A unit price as the API gives it (pounds before VAT, VAT percent) as shoppers are shown it: pence with VAT. */
export function shownUnitPence(pounds: number, vatPercent: number): number {
  return unitPriceWithVat(toPence(pounds), toBasisPoints(vatPercent));
}

/** A fresh random key identifying one checkout attempt (Idempotency-Key header). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
