/**
 * The console's held stories queue (approve / reject) and support tickets (status, reply by
 * e-mail): each decision with its audit row in one transaction, the e-mail after it commits.
 */
import {
  canMoveTicket,
  SUPPORT_STATUSES,
  type TAdminStory,
  type TAdminTicket,
  type TSupportStatus,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ticketReplyMail } from '../support/index.js';
import type { Actor } from './sanctions.js';
import * as repo from './moderation.repository.js';
import { audit, iso, isoOrNull, pageOf, paginate } from './staff.js';

const HELD_REASON_LABELS: Record<string, string> = {
  phone: 'Numéro de téléphone détecté',
  contact_words: 'Mots-clés de contact détectés',
};

export async function listHeldStories(
  deps: Pick<Deps, 'db'>,
  status: string,
  page: number | undefined,
) {
  const p = pageOf(page);
  const rows = await repo.findStories(deps.db, status, p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  const stories: TAdminStory[] = data.map((s) => ({
    ...s,
    created_at: iso(s.created_at),
    held_reason_label: s.held_reason ? (HELD_REASON_LABELS[s.held_reason] ?? s.held_reason) : null,
  }));
  return { data: stories, pagination };
}

/** Publishes or refuses a held story; answers 409 once it has been moderated. */
export async function moderateStory(
  deps: Pick<Deps, 'db'>,
  me: Actor,
  id: number,
  decision: 'approve' | 'reject',
  reason: string,
) {
  const story = await repo.findStory(deps.db, id);
  if (!story) throw new AppError('not_found', 'Histoire introuvable', { status: 404 });
  if (story.status !== 'pending')
    throw new AppError('conflict', 'Cette histoire a déjà été modérée.', { status: 409 });
  await deps.db.transaction().execute(async (trx) => {
    await repo.moderateStory(
      trx,
      story.id,
      decision === 'approve' ? 'approved' : 'rejected',
      me.id,
    );
    await audit(trx, {
      actorId: me.id,
      action: `story.${decision}`,
      targetType: 'story',
      targetId: story.id,
      reason,
    });
  });
}

export async function listTickets(
  deps: Pick<Deps, 'db'>,
  status: TSupportStatus | undefined,
  page: number | undefined,
) {
  const p = pageOf(page);
  const rows = await repo.findTickets(deps.db, status, p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  const tickets: TAdminTicket[] = data.map((t) => ({
    ...t,
    replied_at: isoOrNull(t.replied_at),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  }));
  return { data: tickets, pagination };
}

/** The why of a ticket update when staff give none: the move and whether a reply went out. */
function ticketUpdateWhy(from: string, to: string | undefined, replied: boolean) {
  const labels: Record<string, string> = SUPPORT_STATUSES;
  const label = (s: string) => labels[s] ?? s;
  const parts: string[] = [];
  if (to && to !== from) parts.push(`Statut : ${label(from)} → ${label(to)}`);
  if (replied) parts.push('Réponse envoyée au membre');
  return parts.join(' ; ') || `Statut inchangé : ${label(from)}`;
}

/** A new status (along the ticket flow), a reply e-mailed to the member, or both. */
export async function updateTicket(
  deps: Pick<Deps, 'db' | 'mailer' | 'log'>,
  me: Actor,
  id: number,
  input: { status?: TSupportStatus; reply?: string; reason?: string },
) {
  const ticket = await repo.findTicket(deps.db, id);
  if (!ticket) throw new AppError('not_found', 'Ticket introuvable', { status: 404 });
  const next = input.status;
  if (next && next !== ticket.status && !canMoveTicket(ticket.status, next)) {
    throw new AppError('conflict', "Ce changement de statut n'est pas possible.", {
      status: 409,
    });
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateTicket(trx, ticket.id, { status: next, reply: input.reply, actorId: me.id });
    await audit(trx, {
      actorId: me.id,
      action: 'ticket.update',
      targetType: 'ticket',
      targetId: ticket.id,
      reason: input.reason ?? ticketUpdateWhy(ticket.status, next, !!input.reply),
      data: { from: ticket.status, to: next ?? ticket.status, replied: !!input.reply },
    });
  });
  if (input.reply) {
    await deps.mailer
      .send({ to: ticket.email, ...ticketReplyMail(ticket.id, input.reply) })
      .catch((err: unknown) => deps.log.error({ err }, 'réponse au ticket non envoyée'));
  }
}
