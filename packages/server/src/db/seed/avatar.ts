/**
 * Demo avatars drawn locally, no downloads: a soft two-colour gradient, a faint head-and-shoulders
 * silhouette and the member's initials, as SVG rendered to PNG by sharp. The PNG then goes
 * through the same photo pipeline as an upload.
 */
import sharp from 'sharp';

// The card variant's width: the pipeline never enlarges, so this is also the `full` size.
export const AVATAR_SIZE = 480;

/** Soft gradient pairs, warm and earthy (ochre, terracotta, indigo, savannah green...). */
const PALETTE: readonly (readonly [string, string])[] = [
  ['#F6D365', '#FDA085'],
  ['#FBC2EB', '#A6C1EE'],
  ['#84FAB0', '#8FD3F4'],
  ['#FCCB90', '#D57EEB'],
  ['#E0C3FC', '#8EC5FC'],
  ['#F093FB', '#F5576C'],
  ['#5EE7DF', '#B490CA'],
  ['#D4A373', '#9C6644'],
  ['#C1DFC4', '#DEECDD'],
  ['#F3A683', '#CF6A87'],
  ['#A1C4FD', '#C2E9FB'],
  ['#FFD194', '#D1913C'],
  ['#96E6A1', '#4FB576'],
  ['#E6B980', '#EACDA3'],
  ['#667EEA', '#764BA2'],
  ['#F78CA0', '#FE9A8B'],
];

export interface AvatarInput {
  name: string;
  /** Any integer; picks the colours and the gradient's angle. */
  variant: number;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function avatarSvg({ name, variant }: AvatarInput): string {
  const n = Math.abs(Math.trunc(variant));
  const [from, to] = PALETTE[n % PALETTE.length] ?? ['#F6D365', '#FDA085'];
  const angle = (n * 37) % 360;
  const s = AVATAR_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <defs>
    <linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${s}" height="${s}" fill="url(#g)"/>
  <g fill="#fff" fill-opacity=".22">
    <circle cx="${s / 2}" cy="${s * 0.4}" r="${s * 0.17}"/>
    <path d="M${s * 0.14} ${s} C${s * 0.14} ${s * 0.72} ${s * 0.3} ${s * 0.62} ${s / 2} ${s * 0.62}
      S${s * 0.86} ${s * 0.72} ${s * 0.86} ${s} Z"/>
  </g>
  <text x="50%" y="${s * 0.44}" text-anchor="middle" dominant-baseline="middle"
    font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold"
    font-size="${s * 0.26}" fill="#fff" fill-opacity=".95">${escapeXml(initialsOf(name))}</text>
</svg>`;
}

/** A PNG of the avatar, fast to write (little compression): it is re-encoded right after. */
export function renderAvatar(input: AvatarInput): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(input)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
