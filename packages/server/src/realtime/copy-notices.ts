/**
 * Notices between server copies about what a copy may remember for a few seconds (session
 * lookups, own profiles: db/short-cache.ts): a session ended, or a member changed. This copy
 * hears a notice at once, before `tell` returns; the other copies through the Socket.IO adapter
 * over Redis (serverSideEmit). A notice lost while Redis is away is made up for by the short
 * life of what is remembered, never waited for.
 */
import type { RedisLink } from '../adapters/redis/redis-link.js';

/** A session ended (sign-out), or a member changed (sessions ended, role, block, profile). */
export type CopyNotice = { session: number } | { member: number };

const COPY_NOTICE_EVENT = 'copy-notice';

/** The events copies send each other (Socket.IO's inter-server events). */
export interface InterServerEvents {
  'copy-notice': (notice: unknown) => void;
}

/** The little of a Socket.IO server the notices use. */
interface NoticeServer {
  serverSideEmit(event: typeof COPY_NOTICE_EVENT, notice: CopyNotice): unknown;
  on(event: typeof COPY_NOTICE_EVENT, listener: (notice: unknown) => void): unknown;
}

export interface CopyNotices {
  tell(notice: CopyNotice): void;
  listen(listener: (notice: CopyNotice) => void): void;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A notice from another copy, or null when it is not one (Redis is shared infrastructure). */
function parseNotice(raw: unknown): CopyNotice | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { session, member } = raw as Record<string, unknown>;
  if (isId(session)) return { session };
  if (isId(member)) return { member };
  return null;
}

export function createCopyNotices(io: NoticeServer, redis: RedisLink | null): CopyNotices {
  const listeners: ((notice: CopyNotice) => void)[] = [];
  const hear = (notice: CopyNotice) => {
    for (const listener of listeners) listener(notice);
  };
  // Without Redis there is no other copy (the in-memory adapter cannot reach one).
  if (redis) {
    io.on(COPY_NOTICE_EVENT, (raw) => {
      const notice = parseNotice(raw);
      if (notice) hear(notice);
    });
  }
  return {
    tell(notice) {
      hear(notice);
      if (!redis) return;
      if (!redis.isUp()) return redis.noteFallback('copy-notice');
      io.serverSideEmit(COPY_NOTICE_EVENT, notice);
    },
    listen: (listener) => void listeners.push(listener),
  };
}
