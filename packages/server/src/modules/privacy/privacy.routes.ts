/**
 * GET and PATCH /me/settings (issue 29): the signed-in member's privacy settings. The path has
 * no member id: a member reads and changes only their own.
 */
import type { FastifyInstance } from 'fastify';
import { PRIVACY_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { getMemberSettings, updateMemberSettings } from './privacy.service.js';

export async function privacyRoutes(app: FastifyInstance) {
  contractRoute(app, 'privacy.settings', async (_input, req) => ({
    success: true,
    data: await getMemberSettings(app.deps.db, requireUser(req).id),
  }));

  contractRoute(app, 'privacy.update', async (input, req) => ({
    success: true,
    message: PRIVACY_MSG.saved,
    data: await updateMemberSettings(app.deps.db, requireUser(req).id, input),
  }));
}
