/**
 * The chat lock rule (spec 2 §4). The "sender" is the participant with the lowest participant
 * id: the member who started the chat. A side that is locked cannot send until it unlocks the
 * chat with `unlock_cost` pièces (CHAT_UNLOCK_COST at creation), paid once through the coin ledger.
 *
 * - A chat born of a mutual like (a match) is never locked.
 * - A contact chat (started from an announcement, the map or the swipe deck without a match)
 *   lets the sender write one free introduction. After it, the chat is locked for the sender
 *   side until the other member answers (mutual interest: the lock lifts for free) or the
 *   sender unlocks it.
 * - The receiver side is never locked: nobody pays to answer a member who wrote first. The
 *   spec's locked_receiver flag is kept in the schema and honoured (that side's sends and edits
 *   refused, unlock allowed), but no rule sets it.
 *
 * The server refuses a locked side's messages and edits. A send applies the rule in its own
 * statement (send.repository.ts).
 */
import type { ChatRow } from './chat.repository.js';

export interface LockView {
  isSender: boolean;
  isLockedForUser: boolean;
}

export function lockViewOf(
  chat: Pick<
    ChatRow,
    'me_participant_id' | 'other_participant_id' | 'locked_sender' | 'locked_receiver'
  >,
): LockView {
  const isSender = chat.me_participant_id < chat.other_participant_id;
  return { isSender, isLockedForUser: isSender ? chat.locked_sender : chat.locked_receiver };
}
