/** Console: the held stories queue (approve / reject) and support tickets (status, reply by e-mail). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canMoveTicket, SUPPORT_STATUSES } from '@app/shared';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';
import { one } from '../../db/db.js';
import { ticketReplyMail } from '../support/support.mails.js';
import { audit, bodyOf, oneOf, page, pageOf, paginate, reason, staffGuards, ZId } from './staff.js';

const HELD_REASON_LABELS: Record<string, string> = {
  phone: 'Numéro de téléphone détecté',
  contact_words: 'Mots-clés de contact détectés',
};
const TICKET_STATUSES = ['pending', 'in_progress', 'resolved', 'closed'] as const;

/** The why of a ticket update when staff give none: the move and whether a reply went out. */
function ticketUpdateWhy(from: string, to: string | undefined, replied: boolean) {
  const labels: Record<string, string> = SUPPORT_STATUSES;
  const label = (s: string) => labels[s] ?? s;
  const parts: string[] = [];
  if (to && to !== from) parts.push(`Statut : ${label(from)} → ${label(to)}`);
  if (replied) parts.push('Réponse envoyée au membre');
  return parts.join(' ; ') || `Statut inchangé : ${label(from)}`;
}

export async function adminStoryTicketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff } = staffGuards(app);
  const staff = { preValidation: requireStaff };
  const tags = ['admin'];

  app.get(
    '/admin/stories',
    {
      ...staff,
      schema: {
        querystring: z.object({
          status: oneOf(['pending', 'approved', 'rejected'], 'Statut').default('pending'),
          page,
        }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const rows = await app.db.query<{
        id: number;
        content: string;
        status: string;
        held_reason: string | null;
        created_at: Date;
        author_id: number;
        author_name: string | null;
      }>(
        `SELECT s.id, s.content, s.status, s.held_reason, s.created_at, s.author_id, u.name AS author_name
           FROM stories s JOIN users u ON u.id = s.author_id
          WHERE s.status = $1 ORDER BY s.created_at ${req.query.status === 'pending' ? 'ASC' : 'DESC'}, s.id LIMIT $2 OFFSET $3`,
        [req.query.status, p.limit, p.offset],
      );
      const { data, pagination } = paginate(rows, p);
      return {
        success: true,
        data: data.map((s) => ({
          ...s,
          held_reason_label: s.held_reason
            ? (HELD_REASON_LABELS[s.held_reason] ?? s.held_reason)
            : null,
        })),
        pagination,
      };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/stories/:id/${decision}`,
      { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
      async (req) => {
        const me = requireUser(req);
        const story = await one<{ id: number; status: string }>(
          app.db,
          'SELECT id, status FROM stories WHERE id = $1',
          [req.params.id],
        );
        if (!story) throw new AppError('not_found', 'Histoire introuvable', { status: 404 });
        if (story.status !== 'pending')
          throw new AppError('conflict', 'Cette histoire a déjà été modérée.', { status: 409 });
        await app.db.transaction(async (tx) => {
          await tx.query(
            `UPDATE stories SET status = $2, moderated_at = now(), moderated_by = $3, updated_at = now() WHERE id = $1`,
            [story.id, decision === 'approve' ? 'approved' : 'rejected', me.id],
          );
          await audit(tx, {
            actorId: me.id,
            action: `story.${decision}`,
            targetType: 'story',
            targetId: story.id,
            reason: req.body.reason,
          });
        });
        return {
          success: true,
          message: decision === 'approve' ? 'Histoire publiée.' : 'Histoire refusée.',
        };
      },
    );
  }

  app.get(
    '/admin/tickets',
    {
      ...staff,
      schema: {
        querystring: z.object({
          status: oneOf(TICKET_STATUSES, 'Statut').optional(),
          page,
        }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const rows = await app.db.query(
        `SELECT t.id, t.reason, t.description, t.status, t.reply, t.replied_at, t.created_at, t.updated_at,
                u.id AS user_id, u.name AS user_name, u.email AS user_email
           FROM support_tickets t JOIN users u ON u.id = t.user_id
          WHERE ($1::text IS NULL OR t.status = $1) ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
        [req.query.status ?? null, p.limit, p.offset],
      );
      return { success: true, ...paginate(rows, p) };
    },
  );

  app.post(
    '/admin/tickets/:id',
    {
      ...staff,
      schema: {
        params: ZId,
        body: bodyOf({
          status: oneOf(TICKET_STATUSES, 'Statut').optional(),
          reply: z
            .string({ error: 'La réponse est trop courte' })
            .trim()
            .min(2, 'La réponse est trop courte')
            .max(5000, 'La réponse est trop longue')
            .optional(),
          // Optional: without one, the audit log keeps the move itself as the why.
          reason: reason.optional(),
        }).refine((b) => b.status || b.reply, 'Indiquez un statut ou une réponse'),
        tags,
      },
    },
    async (req) => {
      const me = requireUser(req);
      const ticket = await one<{
        id: number;
        status: string;
        user_id: number;
        email: string;
        reason: string;
      }>(
        app.db,
        'SELECT t.id, t.status, t.user_id, t.reason, u.email FROM support_tickets t JOIN users u ON u.id = t.user_id WHERE t.id = $1',
        [req.params.id],
      );
      if (!ticket) throw new AppError('not_found', 'Ticket introuvable', { status: 404 });
      const next = req.body.status;
      if (next && next !== ticket.status && !canMoveTicket(ticket.status, next)) {
        throw new AppError('conflict', 'Ce changement de statut n’est pas possible.', {
          status: 409,
        });
      }
      await app.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE support_tickets SET status = coalesce($2, status),
              reply = coalesce($3, reply), replied_at = CASE WHEN $3::text IS NULL THEN replied_at ELSE now() END,
              replied_by = CASE WHEN $3::text IS NULL THEN replied_by ELSE $4 END, updated_at = now()
            WHERE id = $1`,
          [ticket.id, next ?? null, req.body.reply ?? null, me.id],
        );
        await audit(tx, {
          actorId: me.id,
          action: 'ticket.update',
          targetType: 'ticket',
          targetId: ticket.id,
          reason: req.body.reason ?? ticketUpdateWhy(ticket.status, next, !!req.body.reply),
          data: { from: ticket.status, to: next ?? ticket.status, replied: !!req.body.reply },
        });
      });
      if (req.body.reply) {
        const reply = req.body.reply;
        await app.mailer
          .send({ to: ticket.email, ...ticketReplyMail(ticket.id, reply) })
          .catch((err: unknown) => req.log.error({ err }, 'réponse au ticket non envoyée'));
      }
      return { success: true, message: 'Ticket mis à jour.' };
    },
  );
}
