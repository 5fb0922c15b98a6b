/**
 * Coin purchase calls (spec 2 §7 "Payments") under /api, registered from the shared route
 * table (contract/payments.ts). The card calls need the session as `Authorization: Bearer` or
 * body `token`; /check-bf-payment's body `token` is the payment's, so its session must come as
 * the bearer header.
 *
 * Compatibility note: the spec's /init-cinet answered the redirect address as a bare string;
 * ours is the envelope { success, data: { payment_url, payment_id, status } }.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { paymentDeps } from './payment.deps.js';
import * as service from './payment.service.js';

export async function paymentRoutes(app: FastifyInstance) {
  const deps = (req: FastifyRequest) => paymentDeps(withLog(app.deps, req.log));

  contractRoute(app, 'payments.initCard', async (body, req) => ({
    success: true,
    data: await service.initCardPayment(deps(req), requireUser(req).id, body),
  }));

  contractRoute(app, 'payments.checkCard', async ({ payment_id }, req) => {
    const { data, message } = await service.checkCardPayment(
      deps(req),
      requireUser(req).id,
      payment_id,
    );
    return { success: true, status: data.status, data, ...(message ? { message } : {}) };
  });

  contractRoute(app, 'payments.initMobile', async (body, req) => {
    const data = await service.initMobilePayment(deps(req), requireUser(req).id, body);
    return { success: true, token: data.token, data };
  });

  contractRoute(app, 'payments.checkMobile', async ({ token }, req) => {
    const { data, message } = await service.checkMobilePayment(
      deps(req),
      requireUser(req).id,
      token,
    );
    return { success: true, status: data.status, data, ...(message ? { message } : {}) };
  });

  contractRoute(app, 'payments.mine', async ({ page, per_page }, req) => ({
    success: true,
    ...(await service.listOwnPayments(deps(req), requireUser(req).id, page, per_page)),
  }));

  // Which purchase flow to show: mobile money in Burkina Faso, the card elsewhere.
  contractRoute(app, 'payments.region', async (_input, req, reply) => {
    void reply.header('Cache-Control', 'private, no-store');
    return {
      success: true,
      data: await service.paymentRegion(withLog(app.deps, req.log), req.ip),
    };
  });
}
