/**
 * Guard for issue 18: the interface draws its icons from one SVG set (lucide-react, CoinIcon),
 * never with emoji, which older Android phones and systems without an emoji font show as empty
 * boxes. Emoji stay only in members' own texts, the emoji picker and the texts the spec fixes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = /\.(tsx?|css|html)$/;

/** Files allowed to hold emoji, each with the reason. Paths from packages/web, with '/'. */
const ALLOWED: Record<string, string> = {
  'src/features/chats/EmojiPicker.tsx': 'the emoji picker offers emoji to members',
  'src/lib/chats/texts.ts': "spec 2 fixes the chat previews' texts with their emoji",
};

// Pictographs and flag letters; ©, ® and ™ are ordinary text characters every font has.
const EMOJI = /(?![©®™])[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return SCANNED.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function emojiLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const found = EMOJI.exec(line);
      return found ? [`${i + 1}: ${found[0]}  ${line.trim()}`] : [];
    });
}

describe('interface icons', () => {
  it('has no emoji in the interface sources outside the allowlist', () => {
    const files = [
      ...sourceFiles(join(WEB_ROOT, 'src')),
      ...sourceFiles(join(WEB_ROOT, 'public')),
      join(WEB_ROOT, 'index.html'),
    ];
    const offences = files.flatMap((path) => {
      const name = relative(WEB_ROOT, path).split(sep).join('/');
      if (name in ALLOWED) return [];
      return emojiLines(path).map((hit) => `packages/web/${name}:${hit}`);
    });
    expect(
      offences,
      'Emoji found in interface chrome. Draw the icon with a named import from lucide-react ' +
        '(or CoinIcon from ui/ for coins), aria-hidden beside a text or with an aria-label ' +
        "on its button; emoji belong only in members' texts and the emoji picker.",
    ).toEqual([]);
  });

  it('keeps its allowlist true: every allowed file exists and still holds emoji', () => {
    for (const name of Object.keys(ALLOWED)) {
      expect(emojiLines(join(WEB_ROOT, name)), name).not.toEqual([]);
    }
  });

  it('recognises the emoji it guards against and spares ordinary symbols', () => {
    for (const emoji of ['🪙', '🔔', '🏠', '🔥', '💬', '📖', '📍', '🎉', '❤️', '⚠️', '🇧🇫'])
      expect(EMOJI.test(emoji), emoji).toBe(true);
    for (const text of ['© contributeurs OpenStreetMap', 'À proximité', '1 000 FCFA', '…'])
      expect(EMOJI.test(text), text).toBe(false);
  });
});
