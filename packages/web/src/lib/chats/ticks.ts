/**
 * The delivery mark of one's own messages (spec 2 §4): a clock while waiting in the outbox, a
 * single grey tick once sent, two grey ticks once delivered, two blue ticks once read.
 */
import type { TMessageStatus } from '@app/shared';
import { CHAT_TEXT } from './texts';

export type TickState = 'pending' | 'failed' | 'sent' | 'delivered' | 'read';

export function tickState(
  source: { status: TMessageStatus } | { state: 'queued' | 'sending' | 'failed' },
): TickState {
  if ('state' in source) return source.state === 'failed' ? 'failed' : 'pending';
  return source.status;
}

export interface TickLook {
  /** How many ticks to draw (0: the clock or the failure mark). */
  ticks: 0 | 1 | 2;
  blue: boolean;
  label: string;
}

export function tickLook(state: TickState): TickLook {
  switch (state) {
    case 'pending':
      return { ticks: 0, blue: false, label: CHAT_TEXT.tickPending };
    case 'failed':
      return { ticks: 0, blue: false, label: CHAT_TEXT.tickFailed };
    case 'sent':
      return { ticks: 1, blue: false, label: CHAT_TEXT.tickSent };
    case 'delivered':
      return { ticks: 2, blue: false, label: CHAT_TEXT.tickDelivered };
    case 'read':
      return { ticks: 2, blue: true, label: CHAT_TEXT.tickRead };
  }
}

/** Status only moves forward: a late 'delivered' never undoes 'read'. */
const RANK: Record<TMessageStatus, number> = { sent: 0, delivered: 1, read: 2 };
export function laterStatus(a: TMessageStatus, b: TMessageStatus): TMessageStatus {
  return RANK[b] > RANK[a] ? b : a;
}
