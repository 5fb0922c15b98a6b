import sharp from 'sharp';
import { renderAvatar } from './src/db/seed/avatar.js';
const N = 40;
async function cpu(label: string, fn: (i: number) => Promise<unknown>) {
  await fn(999);
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await fn(i);
  const c = process.cpuUsage(c0);
  console.log(label.padEnd(28), ((c.user + c.system) / 1000 / N).toFixed(1), 'ms cpu');
}
const png = await renderAvatar({ name: 'Awa Kaboré', variant: 3 });
const raw = await sharp(png).raw().toBuffer({ resolveWithObject: true });
await cpu('thumb attention', () => sharp(raw.data, { raw: raw.info }).resize(160, 160, { fit: 'cover', position: 'attention' }).webp({ quality: 75, effort: 2 }).toBuffer());
await cpu('thumb centre', () => sharp(raw.data, { raw: raw.info }).resize(160, 160, { fit: 'cover' }).webp({ quality: 75, effort: 2 }).toBuffer());
await cpu('thumb centre no webp', () => sharp(raw.data, { raw: raw.info }).resize(160, 160, { fit: 'cover' }).raw().toBuffer());
