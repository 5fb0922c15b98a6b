/** Support calls (spec 2 §7) under /api, registered from the shared route table. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPPORT_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import * as service from './support.service.js';

export async function supportRoutes(app: FastifyInstance) {
  const ctx = (req: FastifyRequest) => withLog(app.deps, req.log);

  contractRoute(app, 'support.reasons', async () => ({
    success: true,
    data: service.listReasons(),
  }));

  contractRoute(app, 'support.create', async (body, req) => ({
    success: true,
    message: SUPPORT_MSG.created,
    data: await service.createTicket(ctx(req), requireUser(req), body),
  }));

  contractRoute(app, 'support.myTickets', async ({ page, per_page }, req) => ({
    success: true,
    ...(await service.listOwnTickets(ctx(req), requireUser(req).id, page, per_page)),
  }));
}
