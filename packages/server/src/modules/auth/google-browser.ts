/**
 * Binds a Google sign-in to the browser that started it (against login CSRF): the start sets a
 * signed, HttpOnly, SameSite=Lax cookie holding the flow's `state`, and the callback is refused
 * unless the posted `state` is that cookie's. The state is the key to its PKCE verifier and
 * nonce, so they are bound with it. Someone else's code and state, pushed into a victim's
 * browser, find no matching cookie there.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_STATE_TTL_MIN } from './oauth-state.repository.js';

const GOOGLE_STATE_COOKIE = 'rencontre_google_state';
// Sent only to the start and callback calls, not to the rest of the API.
const COOKIE_PATH = '/api/auth/google';

export function bindStateToBrowser(reply: FastifyReply, state: string, secure: boolean) {
  reply.setCookie(GOOGLE_STATE_COOKIE, state, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: OAUTH_STATE_TTL_MIN * 60,
  });
}

/** True when this browser's signed cookie holds `state`. */
export function isStateOfThisBrowser(req: FastifyRequest, state: string): boolean {
  const raw = req.cookies[GOOGLE_STATE_COOKIE];
  if (!raw) return false;
  const cookie = req.unsignCookie(raw);
  if (!cookie.valid || cookie.value === null) return false;
  const [a, b] = [Buffer.from(cookie.value), Buffer.from(state)];
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** One flow, one use: the cookie goes whatever the callback's outcome. */
export function forgetBrowserState(reply: FastifyReply) {
  reply.clearCookie(GOOGLE_STATE_COOKIE, { path: COOKIE_PATH });
}
