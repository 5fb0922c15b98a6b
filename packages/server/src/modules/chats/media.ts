/**
 * Private chat media. Photos and voice messages of a chat are stored under `private/` keys,
 * never served by the public /uploads route, and reached through short-lived signed links
 * handed only to the chat's participants: GET /api/media/<key>?exp=…&sig=….
 */
import type { Deps } from '../../deps.js';
import { hmac } from '../../security/secret.js';

/** Links stay valid a day; the exp is rounded so a page's URLs stay cacheable for a while. */
const LINK_TTL_S = 24 * 3600;
const ROUND_S = 3600;

export function signMediaUrl(deps: Pick<Deps, 'secret'>, key: string, now = Date.now()) {
  const exp = Math.ceil(now / 1000 / ROUND_S) * ROUND_S + LINK_TTL_S;
  return `/api/media/${key}?exp=${exp}&sig=${hmac(deps.secret, `${key}:${exp}`)}`;
}

export function verifyMediaSignature(
  deps: Pick<Deps, 'secret'>,
  key: string,
  exp: number,
  sig: string,
  now = Date.now(),
) {
  if (!Number.isInteger(exp) || exp * 1000 < now) return false;
  const expected = hmac(deps.secret, `${key}:${exp}`);
  return expected.length === sig.length && Buffer.from(expected).equals(Buffer.from(sig));
}
