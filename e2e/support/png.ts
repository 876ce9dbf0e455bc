import { crc32, deflateSync } from 'node:zlib';

// Test pictures are drawn at run time, so nothing binary is committed. Node has no PNG encoder and a
// picture library would be a large dependency for a few bytes, hence these few lines.

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A small RGB PNG drawn in memory: a diagonal two-colour pattern, so each generated image is a
 * distinct, decodable picture (the shop checks uploads by content).
 */
export function makePng({
  width = 96,
  height = 96,
  from = [46, 160, 67] as Rgb,
  to = [250, 204, 21] as Rgb,
}: { width?: number; height?: number; from?: Rgb; to?: Rgb } = {}): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const c = (x + y) % 24 < 12 ? from : to;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
