/** POST /social/join {platform} (spec 2 §7 "Profile"): answers new_balance and the link. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COINS_MSG, SOCIAL_PLATFORM_LABELS, ZSocialJoinRequest } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { joinSocialNetwork } from './social.service.js';

export async function socialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/social/join',
    { preValidation: app.authenticate, schema: { body: ZSocialJoinRequest, tags: ['coins'] } },
    async (req) => {
      const ctx = { db: app.db, notify: app.notify, links: app.config.socialLinks };
      const data = await joinSocialNetwork(ctx, requireUser(req).id, req.body.platform);
      return {
        success: true,
        message: COINS_MSG.socialSuccess(SOCIAL_PLATFORM_LABELS[data.platform]),
        data,
      };
    },
  );
}
