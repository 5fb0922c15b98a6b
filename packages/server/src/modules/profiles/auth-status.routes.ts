/**
 * POST /verify-auth-status (spec 1 §7), registered from the shared route table: where the
 * signed-in member stands (the action to take) with their own profile; on the first check of a
 * business day it also grants the daily bonus. It answers the profile, so it lives here rather
 * than in the auth module: auth never imports profiles, profiles uses auth through its door.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { actionFor, grantDailyBonusOnce } from '../auth/index.js';
import { presentOwnProfile } from './profile.presenter.js';
import { findOwnProfile } from './profile.repository.js';

export async function authStatusRoutes(app: FastifyInstance) {
  contractRoute(app, 'auth.status', async (_input, req) => {
    const user = await findOwnProfile(app.deps.db, requireUser(req).id);
    if (!user)
      return { success: false, action: 'redirect_login' as const, profile_complete: false };
    const action = actionFor(user);
    if (action === 'redirect_home') await grantDailyBonusOnce(app.deps, user.id);
    return {
      success: true,
      action,
      profile_complete: !!user.profile_completed_at,
      user: presentOwnProfile(app.deps, user),
      email: user.email,
    };
  });
}
