/**
 * The guards of the console's calls: `requireStaff` (moderator or admin) and `requireAdmin`.
 * The route table's `auth: 'staff' | 'admin'` (http/contract-route.ts) runs them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { requireUser } from './require-user.js';

const FORBIDDEN = "Accès réservé à l'équipe de modération.";
const ADMIN_ONLY = 'Action réservée aux administrateurs.';

export function staffGuards(app: FastifyInstance) {
  const requireStaff = async (req: FastifyRequest) => {
    await app.authenticate(req);
    const role = requireUser(req).role;
    if (role !== 'moderator' && role !== 'admin')
      throw new AppError('forbidden', FORBIDDEN, { status: 403 });
  };
  const requireAdmin = async (req: FastifyRequest) => {
    await app.authenticate(req);
    if (requireUser(req).role !== 'admin')
      throw new AppError('forbidden', ADMIN_ONLY, { status: 403 });
  };
  return { requireStaff, requireAdmin };
}
