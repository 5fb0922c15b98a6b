/**
 * A call's line in its chat (issue 30): a message of type `call` in the caller's name, whose
 * content is the call's outcome and whose duration is the seconds talked. It is sent live like
 * any message, so both chats show it at once (« Appel vocal · 3 min », « Appel manqué »).
 */
import type { TCallOutcome } from '@app/shared';
import type { Deps } from '../../deps.js';
import { insertCallLine } from './message.repository.js';
import { emitMessage } from './chat.service.js';

export async function addCallLine(
  deps: Deps,
  chat: { id: number; user_low_id: number; user_high_id: number },
  callerId: number,
  outcome: TCallOutcome,
  durationS: number | null,
) {
  const row = await insertCallLine(deps.db, {
    chatId: chat.id,
    callerId,
    outcome,
    durationS,
  });
  emitMessage(deps, chat, 'message.sent', row);
  return row;
}
