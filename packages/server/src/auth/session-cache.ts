/**
 * Who holds a session token, remembered a few seconds (db/short-cache.ts) by the token's hash:
 * a signed-in call does not ask the database on every request. A session that ends (sign-out,
 * reset, deletion, block) or a member who changes (role, block) is forgotten as soon as the
 * change is announced (db/changes.ts): at its commit on this copy, by PostgreSQL's LISTEN on the
 * others; if that notice is lost, after SESSION_CACHE_TTL_MS at most. A blocked member's session
 * and an unknown token are never remembered: they are asked for each time.
 */
import type { Database } from '../db/kysely.js';
import { createShortCache } from '../db/short-cache.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { sessionUserReader, type SessionRead, type SessionUser } from './session.repository.js';
import { hashToken } from './tokens.js';

/** The longest a revoked session can still be served, should every notice of it be lost. */
export const SESSION_CACHE_TTL_MS = 3000;
const SESSION_CACHE_MAX = 20_000;

export interface SessionCache {
  /**
   * The live session of `token` and its member; undefined for an unknown or revoked token.
   * When it is not remembered, `read` (a route's own statement) reads it instead of the plain
   * lookup.
   */
  findSessionUser(token: string, read?: SessionRead): Promise<SessionUser | undefined>;
}

export function createSessionCache(
  db: Database,
  changes: Pick<ChangeFeed, 'listen'>,
): SessionCache {
  const cache = createShortCache<SessionUser>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX,
    tagsOf: (u) => [`session:${u.session_id}`, `member:${u.id}`],
    keep: (u) => !u.blocked_at,
  });
  const plainRead = sessionUserReader(db);
  changes.listen((change) =>
    cache.forget(
      'session' in change
        ? `session:${change.session}`
        : `member:${'member' in change ? change.member : change.access}`,
    ),
  );
  return {
    findSessionUser(token, read = plainRead) {
      const hash = hashToken(token);
      return cache.find(hash, () => read(hash));
    },
  };
}
