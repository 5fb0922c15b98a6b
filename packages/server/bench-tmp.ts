import sharp from 'sharp';
import { avatarSvg } from './src/db/seed/avatar.js';
const N = 48;
for (const size of [480, 560, 640]) for (const effort of [0, 1, 2, 4]) {
  let bytes = 0;
  const one = async (i: number) => {
    const svg = avatarSvg({ name: `Jean Kaboré ${i}`, variant: i }).replace(/640/g, String(size));
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
    const { data, info } = await sharp(png).autoOrient().resize(1080, 1080, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const r = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const out = await Promise.all([
      r().resize(160, 160).webp({ quality: 75, effort }).toBuffer(),
      r().resize(Math.min(480, size)).webp({ quality: 78, effort }).toBuffer(),
      r().webp({ quality: 78, effort }).toBuffer(),
    ]);
    bytes += out.reduce((a, b) => a + b.length, 0);
  };
  await one(0);
  bytes = 0;
  const t = performance.now();
  for (let b = 0; b < N; b += 8) await Promise.all(Array.from({ length: 8 }, (_, i) => one(b + i)));
  console.log(size, effort, ((performance.now() - t) / N).toFixed(1), 'ms', Math.round(bytes / N), 'B');
}
