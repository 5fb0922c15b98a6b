/**
 * Coin purchase calls (spec 2 §7 "Payments") under /api. The card calls need the session as
 * `Authorization: Bearer` or body `token`; /check-bf-payment's body `token` is the payment's,
 * so its session must come as the bearer header.
 *
 * Compatibility note: the spec's /init-cinet answered the redirect address as a bare string;
 * ours is the envelope { success, data: { payment_url, payment_id, status } }.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCheckBfRequest,
  ZCheckCinetRequest,
  ZInitBfRequest,
  ZInitCinetRequest,
  ZMyPaymentsRequest,
} from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { paymentCtx } from './payment.context.js';
import * as service from './payment.service.js';

export async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Authentication first: a call without a session is a 401 whatever its body.
  const auth = { preValidation: app.authenticate };
  const tags = ['payments'];

  app.post('/init-cinet', { ...auth, schema: { body: ZInitCinetRequest, tags } }, async (req) => {
    const ctx = paymentCtx(app, req.log);
    const data = await service.initCardPayment(ctx, requireUser(req).id, req.body);
    return { success: true, data };
  });

  app.post(
    '/check-cinet-payment',
    { ...auth, schema: { body: ZCheckCinetRequest, tags } },
    async (req) => {
      const ctx = paymentCtx(app, req.log);
      const data = await service.checkCardPayment(ctx, requireUser(req).id, req.body.payment_id);
      return { success: true, status: data.status, data };
    },
  );

  app.post('/init-bf-payment', { ...auth, schema: { body: ZInitBfRequest, tags } }, async (req) => {
    const ctx = paymentCtx(app, req.log);
    const data = await service.initMobilePayment(ctx, requireUser(req).id, req.body);
    return { success: true, token: data.token, data };
  });

  app.post(
    '/check-bf-payment',
    { ...auth, schema: { body: ZCheckBfRequest, tags } },
    async (req) => {
      const ctx = paymentCtx(app, req.log);
      const data = await service.checkMobilePayment(ctx, requireUser(req).id, req.body.token);
      return { success: true, status: data.status, data };
    },
  );

  app.post('/my-payments', { ...auth, schema: { body: ZMyPaymentsRequest, tags } }, async (req) => {
    const { page, per_page } = req.body;
    const ctx = paymentCtx(app, req.log);
    return {
      success: true,
      ...(await service.listOwnPayments(ctx, requireUser(req).id, page, per_page)),
    };
  });

  // Which purchase flow to show: mobile money in Burkina Faso, the card elsewhere.
  app.get('/payments/region', { ...auth, schema: { tags } }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const ctx = paymentCtx(app, req.log);
    return { success: true, data: await service.paymentRegion(ctx, app.geoLocator, req.ip) };
  });
}
