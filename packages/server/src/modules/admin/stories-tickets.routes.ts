/** Console: the held stories queue (approve / reject) and support tickets (status, reply by e-mail). */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import * as queues from './stories-tickets.service.js';

export async function adminStoryTicketRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.stories.list', async ({ status, page }) => ({
    success: true,
    ...(await queues.listHeldStories(deps, status, page)),
  }));

  contractRoute(app, 'admin.stories.approve', async ({ id, reason }, req) => {
    await queues.moderateStory(deps, requireUser(req), id, 'approve', reason);
    return { success: true, message: 'Histoire publiée.' };
  });

  contractRoute(app, 'admin.stories.reject', async ({ id, reason }, req) => {
    await queues.moderateStory(deps, requireUser(req), id, 'reject', reason);
    return { success: true, message: 'Histoire refusée.' };
  });

  contractRoute(app, 'admin.tickets.list', async ({ status, page }) => ({
    success: true,
    ...(await queues.listTickets(deps, status, page)),
  }));

  contractRoute(app, 'admin.tickets.update', async ({ id, ...input }, req) => {
    await queues.updateTicket(withLog(deps, req.log), requireUser(req), id, input);
    return { success: true, message: 'Ticket mis à jour.' };
  });
}
