/**
 * Sockets never outlive their session. A Socket.IO connection is checked once, at its
 * handshake; afterwards this copy closes it when its session ends, from the changes announced by
 * whoever wrote (db/changes.ts, heard through db/change-feed.ts, Redis or not): a `session`
 * change closes that session's sockets here; an `access` change (block, reset, deletion, role)
 * checks the member's sockets here against the database. Because a notice can still be missed
 * (the LISTEN connection away, Redis back after an outage), every socket of this copy is also
 * checked every `recheckMs` and whenever something may have been missed: one query per 5,000
 * sockets, whatever their number.
 */
import { userRoom } from '@app/shared';
import type { Database } from '../db/kysely.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { findLiveSessionIds } from '../auth/session.repository.js';

/** The room of one session's sockets, closed when that session ends. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

const CHECK_BATCH = 5000;

/** What the guard needs of a socket of this copy. */
interface GuardedSocket {
  data: { sessionId?: number };
  disconnect(close?: boolean): unknown;
}

/** What the guard needs of the Socket.IO server: this copy's sockets, by room or all. */
export interface LocalSockets {
  in(room: string): {
    fetchSockets(): Promise<GuardedSocket[]>;
    disconnectSockets(close?: boolean): void;
  };
  fetchSockets(): Promise<GuardedSocket[]>;
}

type Log = { warn(obj: object, msg: string): void };

export interface SessionGuard {
  /** Checks every socket of this copy now; resolves once the revoked ones are closed. */
  checkAll(): Promise<void>;
  stop(): void;
}

export function guardSessions(opts: {
  local: LocalSockets;
  db: Database;
  changes: ChangeFeed;
  recheckMs: number;
  log: Log;
}): SessionGuard {
  const { local, db, log } = opts;

  async function check(sockets: GuardedSocket[]) {
    for (let i = 0; i < sockets.length; i += CHECK_BATCH) {
      const batch = sockets.slice(i, i + CHECK_BATCH);
      const ids = batch.flatMap((s) => (s.data.sessionId === undefined ? [] : [s.data.sessionId]));
      const live = new Set(await findLiveSessionIds(db, ids));
      for (const s of batch) {
        if (s.data.sessionId === undefined || !live.has(s.data.sessionId)) s.disconnect(true);
      }
    }
  }
  const checkSafely = (what: () => Promise<GuardedSocket[]>) =>
    what()
      .then(check)
      .catch((err: unknown) =>
        log.warn({ err }, 'sessions des connexions temps réel non vérifiées'),
      );

  let running: Promise<void> | null = null;
  const checkAll = () => {
    running ??= checkSafely(() => local.fetchSockets()).finally(() => {
      running = null;
    });
    return running;
  };

  opts.changes.listen((change) => {
    if ('session' in change) local.in(sessionRoom(change.session)).disconnectSockets(true);
    else if ('access' in change)
      void checkSafely(() => local.in(userRoom(change.access)).fetchSockets());
  });
  opts.changes.onMaybeMissed(() => void checkAll());
  const timer = setInterval(() => void checkAll(), opts.recheckMs);
  timer.unref();
  return { checkAll, stop: () => clearInterval(timer) };
}
