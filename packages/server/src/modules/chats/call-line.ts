/**
 * A call's line in its chat (issue 30): a message of type `call` in the caller's name, whose
 * content is the call's outcome and whose duration is the seconds talked. It is sent live like
 * any message, so both chats show it at once (« Appel vocal · 3 min », « Appel manqué »).
 */
import type { TCallOutcome } from '@app/shared';
import type { Deps } from '../../deps.js';
import { touchChat } from './chat.repository.js';
import { insertMessage } from './message.repository.js';
import { emitMessage } from './chat.service.js';

export async function addCallLine(
  deps: Deps,
  chat: { id: number; user_low_id: number; user_high_id: number },
  callerId: number,
  outcome: TCallOutcome,
  durationS: number | null,
) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertMessage(trx, {
      chatId: chat.id,
      senderId: callerId,
      type: 'call',
      content: outcome,
      ...(durationS !== null ? { durationS } : {}),
    });
    await touchChat(trx, chat.id);
    return inserted;
  });
  emitMessage(deps, chat, 'message.sent', row);
  return row;
}
