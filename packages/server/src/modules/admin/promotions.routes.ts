/** Console: promotions (admins) — an 'Offre spéciale' notification sent to a chosen audience. */
import type { FastifyInstance } from 'fastify';
import { PROMOTION_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { sendPromotion } from './promotions.service.js';

export async function adminPromotionRoutes(app: FastifyInstance) {
  contractRoute(app, 'admin.promotions.send', async (input, req) => {
    const result = await sendPromotion(app.deps, requireUser(req).id, input);
    return { success: true, message: PROMOTION_MSG.sent(result.sent), data: result };
  });
}
