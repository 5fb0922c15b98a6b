/**
 * Support tickets (spec 2 "Support"): the fixed reasons, creation with its confirmation
 * e-mail, and the member's own tickets, page by page.
 */
import {
  SUPPORT_MSG,
  SUPPORT_REASONS,
  isSupportReason,
  supportTicketErrors,
  type TCreateTicketRequest,
  type TFieldErrors,
  type TSupportReasonItem,
  type TSupportTicket,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { insertTicket, findTicketsOfUser } from './support.repository.js';
import { presentTicket } from './support.presenter.js';
import { ticketCreatedMail } from './support.mails.js';

/** What the support services use of the app's deps. */
export type SupportDeps = Pick<Deps, 'db' | 'log' | 'limiter' | 'mailer'>;

/** A brake on flooding the support team, far above real use. */
const CREATE_LIMIT = { max: 10, windowS: 3600 } as const;

export const listReasons = (): TSupportReasonItem[] =>
  Object.entries(SUPPORT_REASONS).flatMap(([id, label]) =>
    isSupportReason(id) ? [{ id, label }] : [],
  );

export async function createTicket(
  deps: SupportDeps,
  user: { id: number; email: string },
  input: TCreateTicketRequest,
): Promise<TSupportTicket> {
  const errors = supportTicketErrors(input.reason, input.description);
  const fields: TFieldErrors = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, [message]]),
  );
  const first = errors.reason ?? errors.description;
  if (first || !isSupportReason(input.reason)) {
    throw new AppError('validation', first ?? SUPPORT_MSG.reasonRequired, { fields });
  }
  await deps.limiter.hit({ key: `support:user:${user.id}`, ...CREATE_LIMIT });
  const ticket = presentTicket(
    await insertTicket(deps.db, {
      userId: user.id,
      reason: input.reason,
      description: input.description.trim(),
    }),
  );
  // The ticket is saved; a mail failure is logged, not answered.
  await deps.mailer
    .send({ to: user.email, ...ticketCreatedMail(ticket) })
    .catch((err: unknown) =>
      deps.log.warn({ err, ticketId: ticket.id }, 'mail du ticket en échec'),
    );
  return ticket;
}

export async function listOwnTickets(
  deps: SupportDeps,
  userId: number,
  page: number,
  perPage: number,
) {
  const rows = await findTicketsOfUser(deps.db, userId, perPage + 1, (page - 1) * perPage);
  return {
    data: rows.slice(0, perPage).map(presentTicket),
    pagination: { page, per_page: perPage, has_more: rows.length > perPage },
  };
}
