/** Console: the dashboard (30-day series and queue counts) and the audit log (admins). */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { listAuditEntries } from './audit.service.js';
import { getDashboard } from './dashboard.service.js';

export async function adminDashboardRoutes(app: FastifyInstance) {
  contractRoute(app, 'admin.dashboard', async () => ({
    success: true,
    data: await getDashboard(app.deps),
  }));

  contractRoute(app, 'admin.audit', async ({ page }) => ({
    success: true,
    ...(await listAuditEntries(app.deps, page)),
  }));
}
