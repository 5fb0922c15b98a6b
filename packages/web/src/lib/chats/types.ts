/**
 * Client-side shapes of the chat area. The answers themselves (TChatMessage, TChatSummary, and
 * TChatDetails for POST /chats/{id}) come from the shared contract; the cache shapes are here.
 */
import type { TChatDetails, TChatMessage, TChatParticipant } from '@app/shared';

export type { TChatDetails, TChatParticipant };

/** One open conversation in the cache: the details without their messages, and the messages. */
export interface ChatThread {
  chat: Omit<TChatDetails, 'messages'>;
  /** Oldest → newest, unique ids. */
  messages: TChatMessage[];
  has_more: boolean;
  next_before_id: number | null;
  /**
   * The last read event seen: who read, up to which message. A message of the other side added
   * later with an id at or below it (the sender's own answer or echo, slower than the reader's
   * receipt) is read already.
   */
  read_mark?: { user_id: number; up_to: number };
}

/** A page of older messages (POST /chats/{id}/messages). */
export interface MessagesPage {
  data: TChatMessage[];
  has_more: boolean;
  next_before_id: number | null;
}

/** Realtime payloads: the shared event map's (`ServerEventPayloads`). */
export type {
  TMessageReadEvent as TReadEvent,
  TUserStatusEvent as TStatusEvent,
} from '@app/shared';
