/** A round member photo, or their initial on a colour when there is none (no download). */
import { memo } from 'react';
import { Photo } from './Photo';

const COLOURS = ['#e0245e', '#3164d6', '#1a9e55', '#d98a00', '#7b4fd6', '#0f8a8a'];

export const Avatar = memo(function Avatar({
  name,
  photo,
  size,
}: {
  name: string;
  photo: string | null;
  size: number;
}) {
  if (photo) {
    return (
      <Photo
        className="chat-avatar"
        src={photo}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const initial = name.trim().charAt(0).toLocaleUpperCase('fr') || '?';
  const colour = COLOURS[(name.codePointAt(0) ?? 0) % COLOURS.length];
  return (
    <span
      className="chat-avatar chat-avatar-initial"
      style={{ width: size, height: size, background: colour, fontSize: size * 0.42 }}
      aria-hidden
    >
      {initial}
    </span>
  );
});
