// Draws the demo catalogue's pictures: each a Fluent Emoji Flat illustration (MIT) on its category's colour,
// written as WebP at every width. The API runs this as a short-lived child process when it seeds an empty
// catalogue, so the server itself never loads the image library or the icon set (megabytes of JSON) for it.
//
// Input (standard input, JSON): { "dir": "...", "sizes": [800, 400],
//   "pictures": [{ "base": "seed-oat-milk", "icon": "glass-of-milk", "background": "#FEF6DA" }] }
// Writes <dir>/<base>.webp at the first width and <dir>/<base>-<width>.webp at the others.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
sharp.cache(false);

function iconSvg(set, name, size) {
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`Unknown icon "${name}"`);
  const w = icon.width ?? set.width ?? 16;
  const h = icon.height ?? set.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const { dir, sizes, pictures } = await readStdin();
const set = JSON.parse(
  await fs.readFile(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
);
await fs.mkdir(dir, { recursive: true });
for (const { base, icon, background } of pictures) {
  for (const [i, size] of sizes.entries()) {
    const svg = Buffer.from(iconSvg(set, icon, Math.round(size * 0.62)));
    const webp = await sharp({ create: { width: size, height: size, channels: 3, background } })
      .composite([{ input: svg, gravity: 'center' }])
      .webp({ quality: 85 })
      .toBuffer();
    await fs.writeFile(path.join(dir, i === 0 ? `${base}.webp` : `${base}-${size}.webp`), webp);
  }
}
