import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  MAX_PERSISTED_CHARS,
  THREADS_KEPT,
  THREAD_MESSAGES,
  mayPersist,
  shapeForDisk,
} from './persistedShape';

const message = (id: number, text = `message ${id}`) => ({ id, content: text });
const thread = (chatId: number, messages: number, text?: string) => ({
  chat: { id: chatId },
  messages: Array.from({ length: messages }, (_, i) => message(i + 1, text)),
  has_more: false,
  next_before_id: null,
});
const pages = (n: number) => ({
  pages: Array.from({ length: n }, (_, i) => ({ items: [i], page: i + 1 })),
  pageParams: Array.from({ length: n }, (_, i) => i + 1),
});

/** The cache as it would be written, from what `fill` put in a query client. */
function written(fill: (qc: QueryClient) => void) {
  const qc = new QueryClient();
  fill(qc);
  return shapeForDisk(dehydrate(qc, { shouldDehydrateQuery: mayPersist }));
}
const keysOf = (state: ReturnType<typeof shapeForDisk>) => state.queries.map((q) => q.queryKey);

describe('what the device keeps of the cache', () => {
  it('keeps the feed, the chats, their messages, the notifications, the profile and the status', () => {
    const state = written((qc) => {
      qc.setQueryData(['profile'], { id: 1 });
      qc.setQueryData(['auth-status', 'abc'], { action: 'authenticated' });
      qc.setQueryData(['chats', 'list'], pages(1));
      qc.setQueryData(['chats', 'thread', 4], thread(4, 3));
      qc.setQueryData(['notifications', 'list'], pages(1));
      qc.setQueryData(['announcements', 'feed', null, null, null], pages(1));
    });
    expect(keysOf(state)).toHaveLength(6);
  });

  it('never keeps payments, coins, the console, searches or anything else', () => {
    const state = written((qc) => {
      qc.setQueryData(['payments', 'orders'], [{ id: 1, amount: 500 }]);
      qc.setQueryData(['admin', 'members'], [{ id: 2 }]);
      qc.setQueryData(['daily-rewards', 'info'], { coins: 10 });
      qc.setQueryData(['chats', 'search', 'awa'], []);
      qc.setQueryData(['announcements', 'mine'], pages(1));
      qc.setQueryData(['profile', 'settings'], { has_password: true });
    });
    expect(state.queries).toEqual([]);
  });

  it('keeps only successful answers', () => {
    const qc = new QueryClient();
    qc.setQueryData(['profile'], { id: 1 });
    qc.getQueryCache()
      .find({ queryKey: ['profile'] })
      ?.setState({ status: 'error', error: new Error('x') });
    expect(shapeForDisk(dehydrate(qc, { shouldDehydrateQuery: () => true })).queries).toEqual([]);
  });

  it("keeps a conversation's last 50 messages, the older ones loadable again", () => {
    const state = written((qc) => qc.setQueryData(['chats', 'thread', 4], thread(4, 80)));
    const data = state.queries[0]?.state.data as ReturnType<typeof thread>;
    expect(data.messages).toHaveLength(THREAD_MESSAGES);
    expect(data.messages[0]?.id).toBe(31);
    expect(data.messages.at(-1)?.id).toBe(80);
    expect(data).toMatchObject({ has_more: true, next_before_id: 31 });
  });

  it('keeps the first pages of the lists only', () => {
    const state = written((qc) => {
      qc.setQueryData(['chats', 'list'], pages(5));
      qc.setQueryData(['notifications', 'list'], pages(5));
      qc.setQueryData(['announcements', 'feed', null, null, null], pages(5));
    });
    const pageCount = (key: string) =>
      (state.queries.find((q) => q.queryKey.includes(key))?.state.data as ReturnType<typeof pages>)
        .pages.length;
    expect(pageCount('list')).toBe(2);
    expect(pageCount('notifications')).toBe(1);
    expect(pageCount('feed')).toBe(2);
  });

  it('keeps the 10 most recently loaded conversations', () => {
    const state = written((qc) => {
      for (let id = 1; id <= 14; id++) {
        qc.setQueryData(['chats', 'thread', id], thread(id, 2), { updatedAt: 1000 + id });
      }
    });
    const ids = keysOf(state).map((k) => k[2]);
    expect(ids).toHaveLength(THREADS_KEPT);
    expect(ids).not.toContain(1);
    expect(ids).toContain(14);
  });

  it('stays under its size bound, dropping the oldest conversations first', () => {
    const long = 'x'.repeat(2_000);
    const state = written((qc) => {
      qc.setQueryData(['profile'], { id: 1 });
      for (let id = 1; id <= 10; id++) {
        qc.setQueryData(['chats', 'thread', id], thread(id, 50, long), { updatedAt: 1000 + id });
      }
    });
    expect(JSON.stringify(state.queries).length).toBeLessThanOrEqual(MAX_PERSISTED_CHARS);
    const ids = keysOf(state)
      .filter((k) => k[0] === 'chats')
      .map((k) => k[2]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(10);
    expect(ids).toContain(10);
    expect(ids).not.toContain(1);
    expect(keysOf(state)).toContainEqual(['profile']);
  });
});
