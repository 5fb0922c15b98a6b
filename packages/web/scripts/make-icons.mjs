// Generates the PWA icons (public/icon-192.png, public/icon-512.png) and public/favicon.svg from
// one heart drawn here. The PNGs are full-bleed brand squares with the white heart inside the
// central 80 % circle, so they stay intact when a launcher masks them (maskable icons).
// Run once after changing the drawing: `node packages/web/scripts/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#e0245e';
const publicDir = path.resolve(import.meta.dirname, '../public');

// A heart in a 100 x 100 box, spanning x 5..95 and y 9..88.
const HEART =
  'M50 88 L16 54 C3 41 4 22 18 14 C31 7 44 12 50 24 C56 12 69 7 82 14 C96 22 97 41 84 54 Z';

/** The heart `scale` % as wide as the icon, its bounding box centred. */
function iconSvg({ size, scale, radius }) {
  const s = (size * scale) / 100 / 90;
  const round = (n) => Math.round(n * 1000) / 1000;
  const x = round(size / 2 - 50 * s);
  const y = round(size / 2 - 48.5 * s);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BRAND}"/>
  <path transform="translate(${x} ${y}) scale(${round(s)})" d="${HEART}" fill="#fff"/>
</svg>
`;
}

// 56 % wide (about 49 % tall): the heart's outermost points stay within about 28 % of the width
// from the centre, well inside the 40 % radius that maskable launchers keep.
const maskable = iconSvg({ size: 512, scale: 56, radius: 0 });
for (const size of [192, 512]) {
  const file = path.join(publicDir, `icon-${size}.png`);
  await sharp(Buffer.from(maskable))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  console.log(`${path.relative(process.cwd(), file)}  ${fs.statSync(file).size} B`);
}

// The favicon is seen tiny in a tab: rounded corners and a bigger heart read better there.
const favicon = path.join(publicDir, 'favicon.svg');
fs.writeFileSync(favicon, iconSvg({ size: 64, scale: 72, radius: 14 }));
console.log(`${path.relative(process.cwd(), favicon)}  ${fs.statSync(favicon).size} B`);
