/**
 * Console: the reports queue (from chat) and its decisions: dismiss, warn, block. Deleting the
 * reported member's photo or one of their announcements goes through the member and
 * announcement routes (the card lists the announcements from /admin/announcements?user_id=).
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import * as reports from './reports.service.js';

export async function adminReportRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.reports.list', async ({ status, page }) => ({
    success: true,
    ...(await reports.listReports(deps, status, page)),
  }));

  contractRoute(app, 'admin.reports.evidence', async ({ id }, req) => ({
    success: true,
    data: await reports.readEvidence(deps, requireUser(req), id),
  }));

  contractRoute(app, 'admin.reports.dismiss', async ({ id, reason }, req) => {
    await reports.dismissReport(deps, requireUser(req), id, reason);
    return { success: true, message: 'Signalement classé.' };
  });

  contractRoute(app, 'admin.reports.warn', async ({ id, ...input }, req) => {
    await reports.warnReported(deps, requireUser(req), id, input);
    return { success: true, message: 'Avertissement envoyé.' };
  });

  contractRoute(app, 'admin.reports.block', async ({ id, reason }, req) => {
    await reports.blockReported(deps, requireUser(req), id, reason);
    return { success: true, message: 'Compte bloqué.' };
  });
}
