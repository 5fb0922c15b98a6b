/** Console: the dashboard (30-day series and queue counts) and the audit log (admins). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAuditEntries } from './dashboard.repository.js';
import { getDashboard } from './dashboard.service.js';
import { page, pageOf, paginate, staffGuards } from './staff.js';

export async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff, requireAdmin } = staffGuards(app);
  const tags = ['admin'];

  app.get('/admin/dashboard', { preValidation: requireStaff, schema: { tags } }, async () => ({
    success: true,
    data: await getDashboard(app.db),
  }));

  app.get(
    '/admin/audit',
    { preValidation: requireAdmin, schema: { querystring: z.object({ page }), tags } },
    async (req) => {
      const p = pageOf(req.query.page, 50);
      const rows = await findAuditEntries(app.db, p.limit, p.offset);
      return { success: true, ...paginate(rows, p) };
    },
  );
}
