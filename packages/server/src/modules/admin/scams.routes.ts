/** Console: the « Arnaques » queue (scam shield) and its decisions: warn, block, release. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import * as scams from './scams.service.js';

export async function adminScamRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.scams.list', async ({ status, page }) => ({
    success: true,
    ...(await scams.listFlaggedMembers(deps, status, page)),
  }));

  contractRoute(app, 'admin.scams.messages', async ({ id, page }, req) => ({
    success: true,
    ...(await scams.readFlaggedMessages(deps, requireUser(req), id, page)),
  }));

  contractRoute(app, 'admin.scams.warn', async ({ id, ...input }, req) => {
    await scams.warnFlagged(deps, requireUser(req), id, input);
    return { success: true, message: 'Avertissement envoyé.' };
  });

  contractRoute(app, 'admin.scams.block', async ({ id, reason }, req) => {
    await scams.blockFlagged(deps, requireUser(req), id, reason);
    return { success: true, message: 'Compte bloqué.' };
  });

  contractRoute(app, 'admin.scams.release', async ({ id, reason }, req) => {
    await scams.releaseFlagged(deps, requireUser(req), id, reason);
    return {
      success: true,
      message: 'Retenue levée : le membre peut de nouveau commencer des discussions.',
    };
  });
}
