/**
 * Responsive sources of a product picture. The API stores each upload as WebP at 800 px (`<id>.webp`)
 * and 400 px (`<id>-400.webp`); other URLs are used as they are.
 */
const STORED = /^(\/uploads\/products\/[^/?#]+)\.webp$/;

export function productImageSrcSet(url: string | undefined): string | undefined {
  const match = url ? STORED.exec(url) : null;
  if (!match || match[1].endsWith('-400')) return undefined;
  return `${match[1]}-400.webp 400w, ${url} 800w`;
}
