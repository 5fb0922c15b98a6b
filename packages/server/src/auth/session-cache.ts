/**
 * Who holds a session token, remembered a few seconds (db/short-cache.ts) by the token's hash:
 * a signed-in call does not ask the database on every request. A session that ends (sign-out,
 * reset, deletion, block) or a member who changes (role, block) is forgotten at once on this
 * copy and within a Redis round trip on the others (realtime.endSession, endUserSessions,
 * memberChanged); if that notice is lost, after SESSION_CACHE_TTL_MS at most. A blocked
 * member's session and an unknown token are never remembered: they are asked for each time.
 */
import type { Database } from '../db/kysely.js';
import { createShortCache } from '../db/short-cache.js';
import type { CopyNotice } from '../realtime/copy-notices.js';
import { findSessionUserByHash, type SessionUser } from './session.repository.js';
import { hashToken } from './tokens.js';

/** The longest a revoked session can still be served, should every notice of it be lost. */
export const SESSION_CACHE_TTL_MS = 3000;
const SESSION_CACHE_MAX = 20_000;

export interface SessionCache {
  /** The live session of `token` and its member; undefined for an unknown or revoked token. */
  findSessionUser(token: string): Promise<SessionUser | undefined>;
}

export function createSessionCache(
  db: Database,
  notices: { onCopyNotice(listener: (notice: CopyNotice) => void): void },
): SessionCache {
  const cache = createShortCache<SessionUser>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX,
    tagsOf: (u) => [`session:${u.session_id}`, `member:${u.id}`],
    keep: (u) => !u.blocked_at,
  });
  notices.onCopyNotice((notice) =>
    cache.forget('session' in notice ? `session:${notice.session}` : `member:${notice.member}`),
  );
  return {
    findSessionUser(token) {
      const hash = hashToken(token);
      return cache.find(hash, () => findSessionUserByHash(db, hash));
    },
  };
}
