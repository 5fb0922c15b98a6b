/** Support calls (spec 2 §7) under /api: the reasons (public), ticket creation, own tickets. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUPPORT_MSG, ZCreateTicketRequest, ZMyTicketsRequest } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import * as service from './support.service.js';

export async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['support'];
  const ctx = (req: FastifyRequest): service.SupportCtx => ({
    db: app.db,
    log: req.log,
    limiter: app.limiter,
    sendMail: (mail) => app.mailer.send(mail),
  });

  app.get('/support/reasons', { schema: { tags } }, async () => ({
    success: true,
    data: service.listReasons(),
  }));

  app.post(
    '/support/create',
    { ...auth, schema: { body: ZCreateTicketRequest, tags } },
    async (req, reply) => {
      const data = await service.createTicket(ctx(req), requireUser(req), req.body);
      return reply.status(201).send({ success: true, message: SUPPORT_MSG.created, data });
    },
  );

  app.post(
    '/support/my-tickets',
    { ...auth, schema: { body: ZMyTicketsRequest, tags } },
    async (req) => {
      const { page, per_page } = req.body;
      return {
        success: true,
        ...(await service.listOwnTickets(ctx(req), requireUser(req).id, page, per_page)),
      };
    },
  );
}
