/**
 * Where a copy hears the changes announced by repositories (db/changes.ts): its own, at the
 * commit, handed over by db/kysely.ts; the other copies', through PostgreSQL's LISTEN. Its own
 * come back through LISTEN too and are skipped there by the copy's name (`origin`). When the
 * listening connection was away, changes may have been missed: `onMaybeMissed` listeners run
 * (caches forget what they hold only briefly anyway; realtime checks its sockets again).
 */
import crypto from 'node:crypto';
import type { Db } from './db.js';
import { CHANGES_CHANNEL, parseChange, type Change } from './change-notice.js';

type Log = { warn(obj: object, msg: string): void };

export interface ChangeFeed {
  /** This copy's name, added by db/kysely.ts to the payloads it sends. */
  readonly origin: string;
  /** Runs `listener` on every change, this copy's and the others'. */
  listen(listener: (change: Change) => void): void;
  /** Runs `listener` when changes may have been missed (the LISTEN connection came back). */
  onMaybeMissed(listener: () => void): void;
  /** This copy's own changes, once committed (db/kysely.ts). */
  heard(changes: readonly Change[]): void;
  close(): Promise<void>;
}

/** The listeners' side of a feed, and `missed()` to tell them changes may have been lost. */
function feedCore(log: Log, close: () => Promise<void>) {
  const listeners: ((change: Change) => void)[] = [];
  const missedListeners: (() => void)[] = [];
  const run = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      log.warn({ err }, 'changement annoncé non appliqué');
    }
  };
  const feed: ChangeFeed = {
    origin: crypto.randomUUID(),
    listen: (listener) => void listeners.push(listener),
    onMaybeMissed: (listener) => void missedListeners.push(listener),
    heard(changes) {
      for (const change of changes) for (const l of listeners) run(() => l(change));
    },
    close,
  };
  return { feed, missed: () => missedListeners.forEach(run) };
}

/** The feed of this copy on `db`: its own changes and, by LISTEN, every other copy's. */
export async function createChangeFeed(db: Db, log: Log): Promise<ChangeFeed> {
  let stop: () => Promise<void> = async () => undefined;
  const { feed, missed } = feedCore(log, () => stop());
  stop = await db.listen(CHANGES_CHANNEL, {
    onPayload(payload) {
      const parsed = parseChange(payload);
      if (!parsed) return log.warn({ payload }, 'changement annoncé illisible');
      if (parsed.from !== feed.origin) feed.heard([parsed.change]);
    },
    onReconnect: missed,
  });
  return feed;
}
