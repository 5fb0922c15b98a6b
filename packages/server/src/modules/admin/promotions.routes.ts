/** Console: promotions (admins) — an 'Offre spéciale' notification sent to a chosen audience. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROMOTION_MSG, ZPromotionRequest } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { promotionCtx, sendPromotion } from './promotions.service.js';
import { staffGuards } from './staff.js';

export async function adminPromotionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireAdmin } = staffGuards(app);

  app.post(
    '/admin/promotions',
    { preValidation: requireAdmin, schema: { body: ZPromotionRequest, tags: ['admin'] } },
    async (req) => {
      const me = requireUser(req);
      const result = await sendPromotion(promotionCtx(app, me.id), req.body);
      return { success: true, message: PROMOTION_MSG.sent(result.sent), data: result };
    },
  );
}
