/** Allowlists for calls: what each member of a call sees of it and of the other member. */
import type { TCall, TCallPeer } from '@app/shared';
import type { Deps } from '../../deps.js';
import { photoOf } from '../chats/index.js';
import type { CallRow } from './call.repository.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Seconds talked: from the answer to the end. */
export function talkedSeconds(row: Pick<CallRow, 'answered_at' | 'ended_at'>): number | null {
  if (!row.answered_at || !row.ended_at) return null;
  const ms = new Date(row.ended_at).getTime() - new Date(row.answered_at).getTime();
  return Math.max(0, Math.round(ms / 1000));
}

export function presentCall(row: CallRow): TCall {
  return {
    id: row.id,
    chat_id: row.chat_id,
    caller_id: row.caller_id,
    callee_id: row.callee_id,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    answered_at: iso(row.answered_at),
    ended_at: iso(row.ended_at),
    duration: talkedSeconds(row),
  };
}

export function presentPeer(
  deps: Pick<Deps, 'storage'>,
  user: { id: number; name: string | null; photo_key: string | null } | undefined,
  fallbackId: number,
): TCallPeer {
  return {
    id: user?.id ?? fallbackId,
    name: user?.name ?? 'Membre',
    photo: user ? photoOf(deps, user.photo_key, 'card') : null,
  };
}
