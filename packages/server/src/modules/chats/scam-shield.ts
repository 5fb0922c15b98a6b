/**
 * The scam shield on the server: which messages are flagged, who sees the warning, and the hold
 * on members flagged in several chats. Nobody reads the chat to decide: the shared rule
 * (hasScamSignal) looks at the one text being sent, inside the send's transaction.
 */
import {
  SCAM_HOLD_CHATS,
  SCAM_HOLD_WINDOW_HOURS,
  SCAM_RECEIVER_MAX_MESSAGES,
  SCAM_TEXT,
  VERIFICATION_MSG,
  hasScamSignal,
  type TMessageType,
} from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { ChatRow } from './chat.repository.js';
import { countWritten } from './message.repository.js';
import { findChatHold, holdWhenFlaggedInChats } from './scam-shield.repository.js';

/**
 * Whether this text, sent by `chat`'s viewer to `chat.other_id`, is flagged: a signal in a chat
 * not born of a match where the receiver has written fewer than 10 messages (a new contact); in
 * a match's chat, a signal from a sender the shield holds (held everywhere, issue 29).
 */
export async function isFlagged(
  db: Database,
  chat: Pick<ChatRow, 'id' | 'origin' | 'other_id' | 'user_low_id' | 'user_high_id'>,
  type: TMessageType,
  content: string,
) {
  if (type !== 'text' || !hasScamSignal(content)) return false;
  if (chat.origin === 'match') {
    const senderId = chat.user_low_id === chat.other_id ? chat.user_high_id : chat.user_low_id;
    return (await findChatHold(db, senderId)) !== null;
  }
  const written = await countWritten(db, chat.id, chat.other_id, SCAM_RECEIVER_MAX_MESSAGES);
  return written < SCAM_RECEIVER_MAX_MESSAGES;
}

/** The scam shield holds the member (no new chat, nor match chat, until reviewed). */
export async function isHeld(db: Database, userId: number) {
  return (await findChatHold(db, userId)) !== null;
}

/**
 * After a flagged message: holds the sender when their messages are flagged in 3 or more
 * different chats within 24 hours (counting only flags since their last review). Answers
 * whether this call put the hold on.
 */
export const holdIfRepeated = (db: Database, senderId: number) =>
  holdWhenFlaggedInChats(db, senderId, {
    chats: SCAM_HOLD_CHATS,
    windowHours: SCAM_HOLD_WINDOW_HOURS,
  });

/** Counts a newly flagged message and a new hold (Prometheus), and logs the hold. */
export function noteShield(
  deps: Pick<Deps, 'metrics' | 'log'>,
  o: { flagged: boolean; held: boolean; userId: number; chatId: number },
) {
  if (o.flagged) deps.metrics.scamShield('flagged');
  if (!o.held) return;
  deps.metrics.scamShield('held');
  deps.log.warn({ userId: o.userId, chatId: o.chatId }, 'scam shield: member held for review');
}

/** Refuses a new chat to a member held by the shield (403, in French). */
export async function assertNotHeld(db: Database, userId: number) {
  const hold = await findChatHold(db, userId);
  if (!hold) return;
  const message =
    hold.reason === 'fake_profile' ? VERIFICATION_MSG.fakeProfileHold : SCAM_TEXT.held;
  throw new AppError('chat_hold', message, { status: 403 });
}
