/**
 * An en-GB Intl.DateTimeFormat made when it is first asked for, then kept.
 *
 * The first Intl object a browser page makes loads the locale and time zone data: 12-23 ms on a desktop
 * CPU and 50-90 ms on a phone's (Chromium with 4x CPU throttling). Made at module level, every page paid
 * that while its scripts started, whether or not it showed a date; made on first use, only a page that
 * formats a date does, when it does.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('en-GB', options));
}
