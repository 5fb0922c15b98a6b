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
import { findOwnProfile, touchOwnProfile, type OwnProfileRow } from './profile.repository.js';

const OWN_PROFILE_TTL_MS = 3000;
const OWN_PROFILE_MAX = 10_000;

export function createOwnProfileCache(db: Database, changes: Pick<ChangeFeed, 'listen'>) {
  const cache = createShortCache<OwnProfileRow>({
    ttlMs: OWN_PROFILE_TTL_MS,
    maxEntries: OWN_PROFILE_MAX,
    tagsOf: (row) => [`member:${row.id}`],
  });
  changes.listen((change) => {
    if ('member' in change) cache.forget(`member:${change.member}`);
    if ('access' in change) cache.forget(`member:${change.access}`);
  });
  return {
    /** The member's own profile row, with its counters; undefined when the member is gone. */
    find: (userId: number): Promise<OwnProfileRow | undefined> =>
      cache.find(String(userId), () => findOwnProfile(db, userId)),
    /** The presence heartbeat (touchOwnProfile): its fresh row is remembered too. */
    touch: (userId: number) => cache.remember(String(userId), () => touchOwnProfile(db, userId)),
  };
}
