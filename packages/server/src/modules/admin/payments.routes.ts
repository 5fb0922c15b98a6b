/**
 * Console: payment orders (by status and provider; "raised" = still pending 15 minutes after
 * being made, see reconcile.job.ts), each with the provider's last answer, re-checking one
 * with its provider, the ledger audit.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import * as payments from './payments.service.js';

export async function adminPaymentRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.payments.list', async (input) => ({
    success: true,
    ...(await payments.listOrders(deps, input)),
  }));

  contractRoute(app, 'admin.payments.recheck', async ({ id }, req) => {
    const status = await payments.recheckOrder(withLog(deps, req.log), requireUser(req).id, id);
    return { success: true, message: 'Commande vérifiée auprès du fournisseur.', data: { status } };
  });

  contractRoute(app, 'admin.ledgerAudit', async () => ({
    success: true,
    data: await payments.ledgerAudit(deps),
  }));
}
