// Draws the engineer app's install icons (PNG, committed under src/web/public/icons) from the
// favicon's shapes. Run again only when the artwork changes: `npx tsx scripts/make-engineer-icons.ts`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../src/web/public/icons', import.meta.url));
mkdirSync(out, { recursive: true });

/** A satellite dish on the brand blue; `padding` leaves the safe zone a maskable icon needs. */
function artwork(size: number, padding: number): string {
  const inner = size - padding * 2;
  const s = inner / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="#0b3b60"/>
  <g transform="translate(${padding} ${padding}) scale(${s})" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round">
    <path d="M18 38 A34 34 0 0 0 62 82 Z" fill="#ffffff"/>
    <path d="M40 60 L70 30"/>
    <circle cx="74" cy="26" r="6" fill="#ffffff"/>
    <path d="M60 12 A28 28 0 0 1 88 40"/>
    <path d="M62 26 A12 12 0 0 1 74 38" stroke-width="5"/>
    <path d="M30 88 L70 88"/>
  </g>
</svg>`;
}

const icons = [
  { name: 'engineer-192.png', size: 192, padding: 24 },
  { name: 'engineer-512.png', size: 512, padding: 64 },
  { name: 'engineer-maskable-512.png', size: 512, padding: 110 },
  { name: 'apple-touch-icon-180.png', size: 180, padding: 22 },
];

for (const icon of icons) {
  await sharp(Buffer.from(artwork(icon.size, icon.padding)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.name));
  console.info(`wrote ${path.join(out, icon.name)}`);
}
