import { describe, expect, it } from 'vitest';
import {
  toBlockedMember,
  withMember,
  withoutMember,
  type BlockedCache,
  type TBlockedMember,
} from './blockedList';

const member = (id: number): TBlockedMember => ({
  id,
  name: `Membre ${id}`,
  photo: null,
  blocked_at: '2025-03-03T10:00:00.000Z',
});

const cache = (...pages: number[][]): BlockedCache => ({
  pages: pages.map((ids, i) => ({ items: ids.map(member), page: i + 1, has_more: true })),
  pageParams: pages.map((_, i) => i + 1),
});

const ids = (c: BlockedCache) => c.pages.map((p) => p.items.map((m) => m.id));

describe('blocked members cache', () => {
  it('removes a member from the page that holds them and says where they were', () => {
    const { cache: next, removed } = withoutMember(cache([1, 2, 3], [4, 5]), 4);
    expect(ids(next)).toEqual([[1, 2, 3], [5]]);
    expect(removed).toEqual({ member: member(4), page: 1, index: 0 });
  });

  it('changes nothing for a member not listed', () => {
    const c = cache([1, 2]);
    const { cache: next, removed } = withoutMember(c, 9);
    expect(next).toBe(c);
    expect(removed).toBeNull();
  });

  it('puts a member back at the same place after a refusal', () => {
    const { cache: without, removed } = withoutMember(cache([1, 2, 3], [4, 5]), 2);
    expect(removed).not.toBeNull();
    if (!removed) return;
    expect(ids(withMember(without, removed))).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('puts them back once, even when the list was reloaded meanwhile', () => {
    const { removed } = withoutMember(cache([1, 2, 3]), 3);
    if (!removed) throw new Error('not removed');
    const reloaded = cache([1, 2, 3]);
    expect(withMember(reloaded, removed)).toBe(reloaded);
    // A shorter list after a reload: at the end of the last page there is.
    expect(ids(withMember(cache([1]), removed))).toEqual([[1, 3]]);
  });

  it('keeps only well-formed rows from the server', () => {
    expect(toBlockedMember({ id: 7, name: 'Awa', photo: '/p.webp', blocked_at: 'x' })).toEqual({
      id: 7,
      name: 'Awa',
      photo: '/p.webp',
      blocked_at: 'x',
    });
    expect(toBlockedMember({ id: 8, name: null, photo: null })).toEqual({
      id: 8,
      name: null,
      photo: null,
      blocked_at: '',
    });
    expect(toBlockedMember({ id: '8' })).toBeNull();
    expect(toBlockedMember(null)).toBeNull();
  });
});
