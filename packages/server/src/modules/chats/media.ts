/**
 * Private chat media. Photos and voice messages of a chat are stored under `private/` keys,
 * never served by the public /uploads route, and reached through short-lived signed links
 * handed only to the chat's participants: GET /api/media/<key>?exp=…&sig=….
 */
import crypto from 'node:crypto';
import type { Deps } from '../../deps.js';
import { hmac } from '../../security/secret.js';

/** Links stay valid a day; the exp is rounded so a page's URLs stay cacheable for a while. */
const LINK_TTL_S = 24 * 3600;
const ROUND_S = 3600;

export function signMediaUrl(deps: Pick<Deps, 'secret'>, key: string, now = Date.now()) {
  const exp = Math.ceil(now / 1000 / ROUND_S) * ROUND_S + LINK_TTL_S;
  return `/api/media/${key}?exp=${exp}&sig=${hmac(deps.secret, `${key}:${exp}`)}`;
}

/**
 * A link signed by the secret, or by the previous one while APP_SECRET is being rotated (the
 * links already handed out keep working until they expire, a day at most).
 */
export function verifyMediaSignature(
  deps: Pick<Deps, 'secret'> & Partial<Pick<Deps, 'previousSecret'>>,
  key: string,
  exp: number,
  sig: string,
  now = Date.now(),
) {
  if (!Number.isInteger(exp) || exp * 1000 < now) return false;
  const signedBy = (secret: Buffer) => {
    const expected = hmac(secret, `${key}:${exp}`);
    return (
      expected.length === sig.length &&
      crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(sig))
    );
  };
  return signedBy(deps.secret) || (deps.previousSecret ? signedBy(deps.previousSecret) : false);
}
