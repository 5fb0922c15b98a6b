/**
 * Account calls under /api (issue 9, beyond spec 2's calls), registered from the shared route
 * table (contract/account.ts): settings, anonymous mode, data export, and deletion with its
 * e-mail code for accounts without a password.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import * as service from './account.service.js';
import { exportAccountData, exportFileName } from './export.service.js';

export async function accountRoutes(app: FastifyInstance) {
  contractRoute(app, 'account.settings', async (_input, req) => ({
    success: true,
    data: await service.accountSettings(withLog(app.deps, req.log), requireUser(req).id),
  }));

  contractRoute(app, 'account.anonymous', async ({ enabled }, req) => {
    const data = await service.setAnonymousMode(
      withLog(app.deps, req.log),
      requireUser(req).id,
      enabled,
    );
    return {
      success: true,
      message: enabled ? ACCOUNT_MSG.anonymousOn : ACCOUNT_MSG.anonymousOff,
      data,
    };
  });

  // The document as a file to save, with `success` beside its fields (contract/account.ts).
  contractRoute(app, 'account.export', async (_input, req, reply) => {
    const now = app.deps.clock.now();
    const data = await exportAccountData(app.deps, requireUser(req).id, now);
    void reply
      .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('Cache-Control', 'private, no-store');
    return { success: true, ...data };
  });

  contractRoute(app, 'account.deletionCode', async (_input, req) => {
    await service.sendDeletionCode(withLog(app.deps, req.log), requireUser(req).id);
    return { success: true, message: ACCOUNT_MSG.codeSent };
  });

  contractRoute(app, 'account.delete', async (body, req) => {
    await service.deleteAccount(withLog(app.deps, req.log), requireUser(req).id, body);
    return { success: true, message: ACCOUNT_MSG.deleted };
  });
}
