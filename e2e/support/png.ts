import sharp from 'sharp';

// Test pictures are drawn at run time, so nothing binary is committed; sharp (the shop's own picture library)
// encodes them.

type Rgb = readonly [number, number, number];

/**
 * A small RGB PNG drawn in memory: a diagonal two-colour pattern, so each generated image is a
 * distinct, decodable picture (the shop checks uploads by content).
 */
export function makePng({
  width = 96,
  height = 96,
  from = [46, 160, 67] as Rgb,
  to = [250, 204, 21] as Rgb,
}: { width?: number; height?: number; from?: Rgb; to?: Rgb } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set((x + y) % 24 < 12 ? from : to, (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
