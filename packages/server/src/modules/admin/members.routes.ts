/**
 * Console: members — search, detail (signup device, the devices used and the other accounts
 * seen on each, coins, reports), block, unblock, device reset, roles, coins, photo, warning.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import * as members from './members.service.js';

export async function adminMemberRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.members.list', async ({ q, page }) => ({
    success: true,
    ...(await members.searchMembers(deps, q, page)),
  }));

  contractRoute(app, 'admin.members.get', async ({ id }) => ({
    success: true,
    data: await members.getMember(deps, id),
  }));

  contractRoute(app, 'admin.members.block', async ({ id, reason }, req) => {
    await members.blockMember(deps, requireUser(req), id, reason);
    return { success: true, message: 'Compte bloqué.' };
  });

  contractRoute(app, 'admin.members.unblock', async ({ id, reason }, req) => {
    await members.unblockMember(deps, requireUser(req), id, reason);
    return { success: true, message: 'Compte débloqué.' };
  });

  contractRoute(app, 'admin.members.resetDevice', async ({ id, reason }, req) => {
    const unblocked = await members.resetMemberDevice(deps, requireUser(req), id, reason);
    return { success: true, message: 'Verrou multi-comptes levé.', data: { unblocked } };
  });

  contractRoute(app, 'admin.members.role', async ({ id, ...input }, req) => {
    await members.setMemberRole(deps, requireUser(req), id, input);
    return { success: true, message: 'Rôle mis à jour.' };
  });

  contractRoute(app, 'admin.members.coins', async ({ id, ...input }, req) => {
    const balance = await members.adjustMemberCoins(deps, requireUser(req), id, input);
    return { success: true, message: 'Solde mis à jour.', data: { balance } };
  });

  contractRoute(app, 'admin.members.deletePhoto', async ({ id, ...input }, req) => {
    await members.deleteMemberPhoto(deps, requireUser(req), id, input);
    return { success: true, message: 'Photo supprimée.' };
  });

  contractRoute(app, 'admin.members.warn', async ({ id, ...input }, req) => {
    await members.warnMember(deps, requireUser(req), id, input);
    return { success: true, message: 'Avertissement envoyé.' };
  });
}
