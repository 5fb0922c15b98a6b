/**
 * Account calls under /api (issue 9, beyond spec 2's calls): settings, anonymous mode, data
 * export, and deletion with its e-mail code for accounts without a password.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MSG, ZAnonymousRequest, ZDeleteAccountRequest } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { accountCtx } from './account.context.js';
import * as service from './account.service.js';
import { exportAccountData, exportFileName } from './export.service.js';

const ZTokenBody = z.preprocess((v) => v ?? {}, z.object({ token: z.string().optional() }));

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['account'];

  app.post('/account/settings', { ...auth, schema: { body: ZTokenBody, tags } }, async (req) => ({
    success: true,
    data: await service.accountSettings(accountCtx(app, req), requireUser(req).id),
  }));

  app.post(
    '/account/anonymous',
    { ...auth, schema: { body: ZAnonymousRequest, tags } },
    async (req) => {
      const { enabled } = req.body;
      const data = await service.setAnonymousMode(
        accountCtx(app, req),
        requireUser(req).id,
        enabled,
      );
      return {
        success: true,
        message: enabled ? ACCOUNT_MSG.anonymousOn : ACCOUNT_MSG.anonymousOff,
        data,
      };
    },
  );

  // Bearer only: a token in an address would end up in logs and browser history.
  app.get('/account/export', { ...auth, schema: { tags } }, async (req, reply) => {
    const now = new Date();
    const data = await exportAccountData(app, requireUser(req).id, now);
    return reply
      .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(data);
  });

  app.post('/account/delete/code', { ...auth, schema: { body: ZTokenBody, tags } }, async (req) => {
    await service.sendDeletionCode(accountCtx(app, req), requireUser(req).id);
    return { success: true, message: ACCOUNT_MSG.codeSent };
  });

  app.post(
    '/account/delete',
    { ...auth, schema: { body: ZDeleteAccountRequest, tags } },
    async (req) => {
      await service.deleteAccount(accountCtx(app, req), requireUser(req).id, req.body);
      return { success: true, message: ACCOUNT_MSG.deleted };
    },
  );
}
