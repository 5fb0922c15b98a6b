/**
 * Short-lived TURN credentials in coturn's shared-secret scheme (`use-auth-secret` with
 * `static-auth-secret`): the username is `expiry:userId` (expiry in Unix seconds) and the
 * password is base64(HMAC-SHA1(secret, username)). coturn recomputes it from the same secret
 * and refuses it after the expiry, so nothing fixed ever reaches a phone.
 */
import crypto from 'node:crypto';
import { TURN_CREDENTIAL_TTL_S, type TTurnCredentials } from '@app/shared';

export function turnCredentials(
  turn: { urls: string[]; secret: string },
  userId: number,
  now: Date,
  ttl = TURN_CREDENTIAL_TTL_S,
): TTurnCredentials {
  const expiry = Math.floor(now.getTime() / 1000) + ttl;
  const username = `${expiry}:${userId}`;
  const credential = crypto.createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential, ttl };
}
