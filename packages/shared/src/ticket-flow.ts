/**
 * How a support ticket's status may move (issue 10 "pending → in progress → resolved →
 * closed"): the server refuses any other move, and the console offers only these. A resolved
 * ticket can be reopened; a closed one is final.
 */
import type { TSupportStatus } from './support.js';

export const TICKET_FLOW: Readonly<Record<TSupportStatus, readonly TSupportStatus[]>> = {
  pending: ['in_progress', 'resolved', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: ['closed', 'in_progress'],
  closed: [],
};

/** The statuses a ticket in `from` may move to (none for an unknown status). */
export function ticketMovesFrom(from: string): readonly TSupportStatus[] {
  const flow: Readonly<Record<string, readonly TSupportStatus[]>> = TICKET_FLOW;
  return Object.hasOwn(flow, from) ? (flow[from] ?? []) : [];
}

/** Whether a ticket may move from `from` to `to`. */
export const canMoveTicket = (from: string, to: string) =>
  ticketMovesFrom(from).some((s) => s === to);
