/** Console: payment orders (by status and provider), re-checking one with its provider, the ledger audit. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';
import { one } from '../../db/db.js';
import { findLedgerMismatches } from '../coins/audit.js';
import { paymentCtx } from '../payments/payment.context.js';
import type { OrderRow } from '../payments/payment.repository.js';
import { refreshOrder } from '../payments/settle.js';
import { audit, oneOf, page, pageOf, paginate, staffGuards, ZId } from './staff.js';
import { askingProvider, recheckWhy } from './recheck.js';

export async function adminPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireAdmin } = staffGuards(app);
  const admin = { preValidation: requireAdmin };
  const tags = ['admin'];

  app.get(
    '/admin/payments',
    {
      ...admin,
      schema: {
        querystring: z.object({
          status: oneOf(['pending', 'success', 'failed'], 'Statut').optional(),
          provider: oneOf(
            ['cinetpay', 'orange_bf', 'moov_bf', 'simulator'],
            'Fournisseur',
          ).optional(),
          page,
        }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const rows = await app.db.query(
        `SELECT o.id, o.payment_id, o.user_id, u.name AS user_name, u.email AS user_email, o.pack_id, o.amount,
                o.currency, o.coins, o.bonus, o.provider, o.method, o.status, o.provider_ref, o.failure_reason,
                o.check_attempts, o.created_at, o.completed_at
           FROM payment_orders o JOIN users u ON u.id = o.user_id
          WHERE ($1::text IS NULL OR o.status = $1) AND ($2::text IS NULL OR o.provider = $2)
          ORDER BY o.id DESC LIMIT $3 OFFSET $4`,
        [req.query.status ?? null, req.query.provider ?? null, p.limit, p.offset],
      );
      return { success: true, ...paginate(rows, p) };
    },
  );

  app.post(
    '/admin/payments/:id/recheck',
    { ...admin, schema: { params: ZId, tags } },
    async (req) => {
      const me = requireUser(req);
      const order = await one<OrderRow>(app.db, 'SELECT * FROM payment_orders WHERE id = $1', [
        req.params.id,
      ]);
      if (!order) throw new AppError('not_found', 'Commande introuvable', { status: 404 });
      const asked = askingProvider(paymentCtx(app, req.log));
      const after = await refreshOrder(asked.ctx, order);
      await audit(app.db, {
        actorId: me.id,
        action: 'payment.recheck',
        targetType: 'payment_order',
        targetId: order.id,
        reason: recheckWhy(order, after, asked.answer()),
        data: { before: order.status, after: after.status, answer: asked.answer() },
      });
      return {
        success: true,
        message: 'Commande vérifiée auprès du fournisseur.',
        data: { status: after.status },
      };
    },
  );

  app.get('/admin/ledger-audit', { ...admin, schema: { tags } }, async () => ({
    success: true,
    data: await findLedgerMismatches(app.db, { limit: 200 }),
  }));
}
