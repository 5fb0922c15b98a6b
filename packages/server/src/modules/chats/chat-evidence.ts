import { SCAM_EVIDENCE_LAST_MESSAGES } from '@app/shared';
import type { Deps } from '../../deps.js';
import * as chats from './chat.repository.js';
import * as messages from './message.repository.js';

/**
 * A report's evidence from a chat, when `userId` is in the chat with `otherId` (undefined when
 * the chat is not theirs to report): the reported member's flagged messages of the chat and
 * their last 10 there, nothing the reporter wrote. Staff read what the report shares, never
 * the conversation.
 */
export async function chatEvidence(
  deps: Pick<Deps, 'db'>,
  chatId: number,
  userId: number,
  otherId: number,
) {
  const chat = await chats.findChatForUser(deps.db, chatId, userId);
  if (!chat || chat.other_id !== otherId) return undefined;
  const rows = await messages.evidenceOf(deps.db, chat.id, otherId, SCAM_EVIDENCE_LAST_MESSAGES);
  return rows.map((m) => ({
    id: m.id,
    sender_id: m.sender_id,
    type: m.type,
    content: m.content,
    created_at: m.created_at,
    flagged: m.safety_flag,
  }));
}
