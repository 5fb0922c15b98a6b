/** The allowlist of a ticket's fields as its author sees them (spec 2 §3). */
import { SUPPORT_REASONS, type TSupportTicket } from '@app/shared';
import type { TicketRow } from './support.repository.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const presentTicket = (t: TicketRow): TSupportTicket => ({
  id: t.id,
  reason: t.reason,
  reason_label: SUPPORT_REASONS[t.reason] ?? t.reason,
  description: t.description,
  status: t.status,
  reply: t.reply,
  replied_at: iso(t.replied_at),
  created_at: new Date(t.created_at).toISOString(),
  updated_at: new Date(t.updated_at).toISOString(),
});
