import type { Sharp, SharpOptions, Create } from 'sharp';

type SharpFactory = (input?: Buffer | { create: Create }, options?: SharpOptions) => Sharp;

let loaded: Promise<SharpFactory> | undefined;

/**
 * The image library, loaded on first use (uploads, seeding) rather than at start, with its operation cache
 * off: images are processed once each, and the cache would keep tens of MB for the life of the process.
 */
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then((mod) => {
    const sharp = (mod as unknown as { default?: typeof mod }).default ?? mod;
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return loaded;
}
