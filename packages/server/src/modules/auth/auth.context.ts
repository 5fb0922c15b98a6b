/** What the account services need, so tests can set the clock and swap the mailer. */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface AuthCtx {
  db: Db;
  now: Date;
  ip: string;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  sendMail(mail: OutgoingMail): Promise<void>;
}

export function authCtx(app: FastifyInstance, req: FastifyRequest): AuthCtx {
  return {
    db: app.db,
    now: new Date(),
    ip: req.ip,
    log: req.log,
    limiter: app.limiter,
    sendMail: (mail) => app.mailer.send(mail),
  };
}
