import { describe, expect, it } from 'vitest';
import { signMediaUrl, verifyMediaSignature } from './media.js';

const OLD = Buffer.from('ancien-secret-de-trente-deux-caracteres!!');
const NEW = Buffer.from('nouveau-secret-de-trente-deux-caracteres!');
const KEY = 'private/chats/c7/photo-card.webp';

function parts(url: string) {
  const q = new URL(url, 'http://x').searchParams;
  return { exp: Number(q.get('exp')), sig: q.get('sig') ?? '' };
}

describe('private media links across a rotation of APP_SECRET', () => {
  const now = Date.UTC(2026, 10, 26, 20);
  const { exp, sig } = parts(signMediaUrl({ secret: OLD }, KEY, now));

  it('takes a link signed by the secret', () => {
    expect(verifyMediaSignature({ secret: OLD }, KEY, exp, sig, now)).toBe(true);
  });

  it('takes a link signed by the previous secret while it is given, and only then', () => {
    expect(verifyMediaSignature({ secret: NEW, previousSecret: OLD }, KEY, exp, sig, now)).toBe(
      true,
    );
    expect(verifyMediaSignature({ secret: NEW, previousSecret: null }, KEY, exp, sig, now)).toBe(
      false,
    );
  });

  it('refuses another file, a changed expiry, an expired link, or a forged signature', () => {
    const deps = { secret: NEW, previousSecret: OLD };
    expect(verifyMediaSignature(deps, `${KEY}x`, exp, sig, now)).toBe(false);
    expect(verifyMediaSignature(deps, KEY, exp + 3600, sig, now)).toBe(false);
    expect(verifyMediaSignature(deps, KEY, exp, sig, exp * 1000 + 1)).toBe(false);
    expect(verifyMediaSignature(deps, KEY, exp, 'A'.repeat(sig.length), now)).toBe(false);
  });
});
