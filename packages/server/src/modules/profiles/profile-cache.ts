/**
 * The own profile (GET /user/profile, the most frequent signed-in call) remembered a few
 * seconds per member (db/short-cache.ts). Whatever changes what it shows — the member's fields,
 * coins, likes received, social rewards — announces it with realtime.memberChanged after its
 * commit: forgotten at once on this copy and within a Redis round trip on the others, or after
 * OWN_PROFILE_TTL_MS at most if that notice is lost.
 */
import type { Database } from '../../db/kysely.js';
import { createShortCache } from '../../db/short-cache.js';
import type { Realtime } from '../../realtime/realtime.js';
import { findOwnProfile, touchOwnProfile, type OwnProfileRow } from './profile.repository.js';

const OWN_PROFILE_TTL_MS = 3000;
const OWN_PROFILE_MAX = 10_000;

export function createOwnProfileCache(db: Database, realtime: Pick<Realtime, 'onCopyNotice'>) {
  const cache = createShortCache<OwnProfileRow>({
    ttlMs: OWN_PROFILE_TTL_MS,
    maxEntries: OWN_PROFILE_MAX,
    tagsOf: (row) => [`member:${row.id}`],
  });
  realtime.onCopyNotice((notice) => {
    if ('member' in notice) cache.forget(`member:${notice.member}`);
  });
  return {
    /** The member's own profile row, with its counters; undefined when the member is gone. */
    find: (userId: number): Promise<OwnProfileRow | undefined> =>
      cache.find(String(userId), () => findOwnProfile(db, userId)),
    /** The presence heartbeat (touchOwnProfile): its fresh row is remembered too. */
    touch: (userId: number) => cache.remember(String(userId), () => touchOwnProfile(db, userId)),
  };
}
