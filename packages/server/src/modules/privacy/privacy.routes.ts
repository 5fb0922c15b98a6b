/**
 * GET and PATCH /me/settings (issue 29): the signed-in member's privacy settings. The path has
 * no member id: a member reads and changes only their own.
 */
import type { FastifyInstance } from 'fastify';
import { PRIVACY_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import type { Deps } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { getMemberSettings, updateMemberSettings } from './privacy.service.js';

/**
 * What happens when a member hides or shows their online status: their chat partners hear it
 * at once. Given by the app (the chats module's), so privacy, which the chats module reads its
 * settings from, never imports the chats module back.
 */
export type StatusVisibilityChanged = (
  deps: Pick<Deps, 'db' | 'realtime'>,
  userId: number,
  hidden: boolean,
) => Promise<void>;

export async function privacyRoutes(
  app: FastifyInstance,
  opts: { statusVisibilityChanged: StatusVisibilityChanged },
) {
  contractRoute(app, 'privacy.settings', async (_input, req) => ({
    success: true,
    data: await getMemberSettings(app.deps.db, requireUser(req).id),
  }));

  contractRoute(app, 'privacy.update', async (input, req) => {
    const me = requireUser(req).id;
    const data = await updateMemberSettings(app.deps.db, me, input);
    if (input.hide_online !== undefined)
      await opts.statusVisibilityChanged(app.deps, me, data.hide_online);
    return { success: true, message: PRIVACY_MSG.saved, data };
  });
}
