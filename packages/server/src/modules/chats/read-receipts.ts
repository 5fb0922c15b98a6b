/**
 * « Confirmations de lecture » (issue 29): a « Lu » travels only between two members who both
 * keep read receipts on. Off on either side, the reader's « Lu » reaches only their own devices
 * and the sender sees their message as delivered, never read.
 */
import { REALTIME_EVENTS, chatRoom, userRoom, type TMessageReadEvent } from '@app/shared';
import type { Deps } from '../../deps.js';
import { settingsOf } from '../privacy/index.js';
import type { ChatRow } from './chat.repository.js';

type Pair = Pick<ChatRow, 'id' | 'user_low_id' | 'user_high_id'>;

/** True when read marks must be hidden between the chat's two members. */
export async function readMarksHidden(deps: Pick<Deps, 'db'>, chat: Pair) {
  const settings = await settingsOf(deps.db, [chat.user_low_id, chat.user_high_id]);
  return [...settings.values()].some((s) => !s.read_receipts);
}

/**
 * Tells that `readerId` read messages: to both members, or to the reader's devices alone.
 * `hidden`, when the caller's statement already read the two settings (markReadThrough).
 */
export async function emitRead(
  deps: Pick<Deps, 'db' | 'realtime'>,
  chat: Pair,
  payload: TMessageReadEvent,
  hidden?: boolean,
) {
  const rooms =
    (hidden ?? (await readMarksHidden(deps, chat)))
      ? [userRoom(payload.user_id)]
      : [chatRoom(chat.id), userRoom(chat.user_low_id), userRoom(chat.user_high_id)];
  deps.realtime.to(rooms).emit(REALTIME_EVENTS.messageRead, payload);
}
