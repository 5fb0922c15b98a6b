/**
 * The signed-in viewer of a public call, or null. A missing, unknown or revoked token, or a
 * blocked account, reads as a visitor would: a public call never answers 401.
 */
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { readToken } from './auth.plugin.js';

export async function optionalViewerId(deps: Pick<Deps, 'sessions'>, req: FastifyRequest) {
  const token = readToken(req);
  if (!token) return null;
  const user = await deps.sessions.findSessionUser(token);
  return user && !user.blocked_at ? user.id : null;
}
