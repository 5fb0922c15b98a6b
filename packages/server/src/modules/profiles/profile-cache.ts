/**
 * The own profile (GET /user/profile, the most frequent signed-in call) remembered a few
 * seconds per member (db/short-cache.ts). Whatever writes what it shows — the member's fields,
 * coins, likes received, social rewards — announces it (db/changes.ts) in the same transaction:
 * forgotten at its commit on this copy and through PostgreSQL's LISTEN on the others, or after
 * OWN_PROFILE_TTL_MS at most if that notice is lost.
 */
import type { Database } from '../../db/kysely.js';
import { createShortCache } from '../../db/short-cache.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { SessionRead } from '../../auth/session.repository.js';
import {
  ownProfileBySessionReader,
  ownProfileReader,
  touchOwnProfile,
  type OwnProfileRow,
} from './profile.repository.js';

const OWN_PROFILE_TTL_MS = 3000;
const OWN_PROFILE_MAX = 10_000;

export function createOwnProfileCache(db: Database, changes: Pick<ChangeFeed, 'listen'>) {
  const cache = createShortCache<OwnProfileRow>({
    ttlMs: OWN_PROFILE_TTL_MS,
    maxEntries: OWN_PROFILE_MAX,
    tagsOf: (row) => [`member:${row.id}`],
  });
  const findOwnProfile = ownProfileReader(db);
  const findOwnProfileBySession = ownProfileBySessionReader(db);
  changes.listen((change) => {
    if ('member' in change) cache.forget(`member:${change.member}`);
    if ('access' in change) cache.forget(`member:${change.access}`);
  });
  return {
    /** The member's own profile row, with its counters; undefined when the member is gone. */
    find: (userId: number): Promise<OwnProfileRow | undefined> =>
      cache.find(String(userId), () => findOwnProfile(userId)),
    /** The presence heartbeat (touchOwnProfile): its fresh row is remembered too. */
    touch: (userId: number) => cache.remember(String(userId), () => touchOwnProfile(db, userId)),
    /**
     * The profile call's session read (auth.plugin.ts): the session and the own profile in one
     * statement, the profile remembered here for the handler that follows (a blocked member's
     * is not: the call is refused).
     */
    sessionRead: (async (tokenHash) => {
      const found = await findOwnProfileBySession(tokenHash);
      if (!found) return undefined;
      if (!found.session.blocked_at) {
        await cache.remember(String(found.session.id), () => Promise.resolve(found.profile));
      }
      return found.session;
    }) satisfies SessionRead,
  };
}
