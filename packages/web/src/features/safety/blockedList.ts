/**
 * The blocked members list in the cache, as pure functions: an unblocked member leaves the
 * loaded pages at once (optimistic), and comes back at the same place if the server refused.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { TBlockedMemberItem } from '@app/shared';

/** A blocked member as POST /blocks sends it (the shared contract's item). */
export type TBlockedMember = TBlockedMemberItem;

export interface BlockedPage {
  items: TBlockedMember[];
  page: number;
  has_more: boolean;
}

export type BlockedCache = InfiniteData<BlockedPage, number>;

/** Where a removed member was, to put them back. */
export interface Removed {
  member: TBlockedMember;
  page: number;
  index: number;
}

export function withoutMember(
  cache: BlockedCache,
  id: number,
): { cache: BlockedCache; removed: Removed | null } {
  for (const [page, p] of cache.pages.entries()) {
    const index = p.items.findIndex((m) => m.id === id);
    const member = p.items[index];
    if (index === -1 || !member) continue;
    const pages = cache.pages.map((x, i) =>
      i === page ? { ...x, items: x.items.filter((m) => m.id !== id) } : x,
    );
    return { cache: { ...cache, pages }, removed: { member, page, index } };
  }
  return { cache, removed: null };
}

/** Puts a member back where they were (once: nothing changes if they are listed again). */
export function withMember(cache: BlockedCache, removed: Removed): BlockedCache {
  if (cache.pages.some((p) => p.items.some((m) => m.id === removed.member.id))) return cache;
  const page = Math.min(removed.page, cache.pages.length - 1);
  if (page < 0) return cache;
  const pages = cache.pages.map((p, i) => {
    if (i !== page) return p;
    const items = [...p.items];
    items.splice(Math.min(removed.index, items.length), 0, removed.member);
    return { ...p, items };
  });
  return { ...cache, pages };
}

/** Checks one row of POST /blocks (outside input) before it reaches the screen. */
export function toBlockedMember(v: unknown): TBlockedMember | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as Record<string, unknown>;
  if (typeof r.id !== 'number' || !Number.isInteger(r.id)) return null;
  return {
    id: r.id,
    name: typeof r.name === 'string' && r.name ? r.name : null,
    photo: typeof r.photo === 'string' && r.photo ? r.photo : null,
    blocked_at: typeof r.blocked_at === 'string' ? r.blocked_at : '',
  };
}
