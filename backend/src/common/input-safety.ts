/**
 * The checks of hostile input, run at the boundary for every route (../http/safe-input.ts) and on form fields
 * holding JSON, before any DTO, service or SQL sees it:
 * - JSON nested deeper than MAX_JSON_DEPTH (checked on the raw text before parsing, so 20,000 levels cost
 *   one linear scan, not a stack overflow);
 * - text that PostgreSQL cannot store or that is not valid Unicode: a NUL character or a lone UTF-16
 *   surrogate, anywhere in a JSON body (values and keys), the query string, path parameters or a JSON form field.
 */
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { InvalidError } from './errors';

/** Deeper than any body the shop accepts (an order is 3 levels deep). */
export const MAX_JSON_DEPTH = 32;

/** NUL, or a UTF-16 surrogate that is not part of a pair. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(text: string): boolean {
  return BAD_TEXT.test(text);
}

/**
 * The nesting depth of JSON text, counting only brackets outside strings; stops counting once `limit` is
 * exceeded. Linear, no recursion.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Throws InvalidError when any string (or object key) inside `value` is bad text, or when `value` is nested
 * deeper than `limit`. Iterative, so a hostile structure cannot overflow the stack.
 */
export function assertCleanInput(value: unknown, limit = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (isBadText(current)) throw new InvalidError(MESSAGES.badText);
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      if (depth >= limit) throw new InvalidError(MESSAGES.requestTooDeep);
      if (Array.isArray(current)) {
        for (const item of current) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(current)) {
          if (isBadText(key)) throw new InvalidError(MESSAGES.badText);
          stack.push([item, depth + 1]);
        }
      }
    }
  }
}

/** JSON text from a form field (e.g. multipart productData): depth-capped, parsed, and its text checked. */
export function parseJsonText(text: string, invalidMessage: string = MESSAGES.invalidJson): unknown {
  if (jsonDepthExceeds(text)) throw new InvalidError(MESSAGES.requestTooDeep);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidError(invalidMessage, { code: ERROR_CODES.INVALID_JSON });
  }
  assertCleanInput(parsed);
  return parsed;
}
