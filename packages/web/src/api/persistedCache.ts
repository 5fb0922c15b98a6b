/**
 * The query cache kept on the device (IndexedDB, through idb-keyval), so a returning member reads
 * the feed, the chats and their last messages, the notifications and the own profile without a
 * network. What is kept and its bound: persistedShape. The record carries the build it was made
 * by (a new build discards it: its shapes may have changed), the session that wrote it (another
 * session never sees it: auth/memberData) and its date (a week at most). Written as soon as the
 * server answers (other changes at most once a second), never after the session ended; restored
 * once, before the signed-in screens draw, and given up after RESTORE_WAIT_MS rather than
 * keeping the member waiting.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { MEMBER_STORES } from '../auth/memberData';
import { onSessionEnd, sessionOwner } from '../auth/session';
import { mayPersist, persistedKind, shapeForDisk } from './persistedShape';

/** The build's id (vite.config.ts defines it per build); development and tests share 'dev'. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';
/** Kept data older than this is not shown. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600_000;
const SAVE_DELAY_MS = 1_000;
const RESTORE_WAIT_MS = 800;
const KEY = 'queries';

interface PersistedRecord {
  build: string;
  owner: string;
  saved_at: number;
  state: DehydratedState;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore(...MEMBER_STORES.screens));

/** Whether a record read back may be shown now to the session `owner`. */
export function usableRecord(
  value: unknown,
  owner: string | null,
  now: number,
): value is PersistedRecord {
  if (!value || typeof value !== 'object' || owner === null) return false;
  const r = value as Partial<PersistedRecord>;
  return (
    r.build === BUILD_ID &&
    r.owner === owner &&
    typeof r.saved_at === 'number' &&
    now - r.saved_at <= PERSIST_MAX_AGE_MS &&
    !!r.state &&
    Array.isArray(r.state.queries)
  );
}

/** IndexedDB writes in order: a deletion never lands before a write started earlier. */
let chain: Promise<unknown> = Promise.resolve();
const inOrder = (op: () => Promise<unknown>) => {
  chain = chain.then(op, op).catch(() => undefined);
  return chain;
};

/** Puts the kept screens back into `qc`; a record of another build, session or age is deleted. */
async function restore(qc: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const owner = sessionOwner();
  try {
    const record: unknown = await get(KEY, db());
    if (!record) return;
    if (!usableRecord(record, owner, Date.now())) {
      await inOrder(() => del(KEY, db()));
      return;
    }
    // A screen already asking the server (the restore came late) gets its answer, not these.
    const asking = (hash: string) => qc.getQueryCache().get(hash)?.state.fetchStatus === 'fetching';
    const queries = record.state.queries.filter((q) => !asking(q.queryHash));
    hydrate(qc, { ...record.state, queries });
    // Kept answers are shown at once but are never taken as fresh: each screen asks the server
    // again when it opens (a deleted announcement must not outlive a reload).
    await qc.invalidateQueries({ refetchType: 'none' });
  } catch {
    // A damaged or refused store: the screens load from the network as before.
  }
}

let restoring: Promise<void> | null = null;

/** Restores once per page; resolves at the latest after RESTORE_WAIT_MS. */
export function restorePersistedCache(qc: QueryClient): Promise<void> {
  restoring ??= Promise.race([
    restore(qc),
    new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
  ]);
  return restoring;
}

async function save(qc: QueryClient, owner: string) {
  // The session may have ended since the write was planned: then nothing is written.
  if (sessionOwner() !== owner) return;
  const state = shapeForDisk(dehydrate(qc, { shouldDehydrateQuery: mayPersist }));
  const record: PersistedRecord = { build: BUILD_ID, owner, saved_at: Date.now(), state };
  await inOrder(() => (sessionOwner() === owner ? set(KEY, record, db()) : Promise.resolve()));
}

/** The kept kinds stay in memory as long as they may be written (not 5 minutes unobserved). */
const KEPT_KEYS = [
  ['profile'],
  ['auth-status'],
  ['chats', 'list'],
  ['chats', 'thread'],
  ['notifications', 'list'],
  ['announcements', 'feed'],
];
const KEPT_IN_MEMORY_MS = 24 * 3600_000;

/** Writes the kept kinds as the server answers, other changes at most once a second. */
export function keepPersisting(qc: QueryClient): () => void {
  for (const queryKey of KEPT_KEYS) qc.setQueryDefaults(queryKey, { gcTime: KEPT_IN_MEMORY_MS });
  if (typeof indexedDB === 'undefined') return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSave = 0;
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    if (persistedKind(event.query.queryKey) === null) return;
    // A new answer from the server is written at once (a member who leaves the screen a moment
    // after it showed keeps it); other changes at most once a second.
    const answered = event.type === 'updated' && event.action.type === 'success';
    if (timer !== undefined && !answered) return;
    const owner = sessionOwner();
    if (owner === null) return;
    clearTimeout(timer);
    const wait = answered ? 0 : Math.max(0, lastSave + SAVE_DELAY_MS - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      lastSave = Date.now();
      void save(qc, owner).catch(() => undefined);
    }, wait);
  });
  const offEnd = onSessionEnd(() => {
    clearTimeout(timer);
    timer = undefined;
    qc.clear();
    void inOrder(() => del(KEY, db()));
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    offEnd();
  };
}
