/** POST /social/join {platform} (spec 2 §7 "Profile"): answers new_balance and the link. */
import type { FastifyInstance } from 'fastify';
import { COINS_MSG, SOCIAL_PLATFORM_LABELS } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { joinSocialNetwork } from './social.service.js';

export async function socialRoutes(app: FastifyInstance) {
  contractRoute(app, 'coins.socialJoin', async ({ platform }, req) => {
    const data = await joinSocialNetwork(app.deps, requireUser(req).id, platform);
    return {
      success: true,
      message: COINS_MSG.socialSuccess(SOCIAL_PLATFORM_LABELS[data.platform]),
      data,
    };
  });
}
