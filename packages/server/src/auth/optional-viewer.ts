/**
 * The signed-in viewer of a public call, or null. A missing, unknown or revoked token, or a
 * blocked account, reads as a visitor would: a public call never answers 401.
 */
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { findSessionUser } from './session.repository.js';
import { readToken } from './auth.plugin.js';

export async function optionalViewerId(deps: Pick<Deps, 'db'>, req: FastifyRequest) {
  const token = readToken(req);
  if (!token) return null;
  const user = await findSessionUser(deps.db, token);
  return user && !user.blocked_at ? user.id : null;
}
