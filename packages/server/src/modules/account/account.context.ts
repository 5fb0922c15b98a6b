/** What the account services need, so tests can set the clock and swap the mailer. */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { MailMessage } from '../../adapters/mail/index.js';
import { userRoom } from '@app/shared';

export interface AccountCtx {
  db: Db;
  now: Date;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  storage: Storage;
  sendMail(mail: MailMessage): Promise<void>;
  /** Closes the member's live connections on every server copy. */
  disconnect(userId: number): void;
}

export function accountCtx(app: FastifyInstance, req: FastifyRequest): AccountCtx {
  return {
    db: app.db,
    now: new Date(),
    log: req.log,
    limiter: app.limiter,
    storage: app.storage,
    sendMail: (mail) => app.mailer.send(mail),
    disconnect: (userId) => app.realtime.io.in(userRoom(userId)).disconnectSockets(true),
  };
}
