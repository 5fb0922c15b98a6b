import type { FastifyRequest } from 'fastify';
import { MSG } from '@app/shared';
import { AppError } from '../errors.js';
import type { SessionUser } from './session.repository.js';

/** The member authenticated by `app.authenticate`; a route without it is a programming error. */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('unauthenticated', MSG.unauthenticated, { status: 401 });
  return req.user;
}
