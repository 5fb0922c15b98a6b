/**
 * Client-side shapes of the chat area. TChatMessage and TChatSummary come from the shared
 * contract; the details answer of POST /chats/{id} (the server's presentChatDetails) has no
 * shared type yet, so it is described here once.
 */
import type { TChatMessage } from '@app/shared';

export interface TChatParticipant {
  id: number;
  user_id: number;
  name: string | null;
  photo: string | null;
  is_online: boolean;
  is_current_user: boolean;
}

export interface TChatDetails {
  id: number;
  participants: TChatParticipant[];
  messages: TChatMessage[];
  is_locked_for_user: boolean;
  locked_sender: boolean;
  locked_receiver: boolean;
  is_sender: boolean;
  unlock_cost: number;
  user_coins: number;
  current_user_name: string | null;
  muted: boolean;
  origin?: 'contact' | 'match';
}

/** One open conversation in the cache: the details without their messages, and the messages. */
export interface ChatThread {
  chat: Omit<TChatDetails, 'messages'>;
  /** Oldest → newest, unique ids. */
  messages: TChatMessage[];
  has_more: boolean;
  next_before_id: number | null;
}

/** A page of older messages (POST /chats/{id}/messages). */
export interface MessagesPage {
  data: TChatMessage[];
  has_more: boolean;
  next_before_id: number | null;
}

/** Realtime payloads (server chat.service / message.service). */
export interface TReadEvent {
  chat_id: number;
  message_id: number;
  message_ids: number[];
  user_id: number;
}
export interface TDeliveredEvent {
  chat_id: number;
  message_ids: number[];
}
export interface TDeletedEvent {
  chat_id: number;
  message_id: number;
}
export interface TTypingEvent {
  chat_id: number;
  user_id: number;
  user_name: string | null;
}
export interface TStatusEvent {
  user_id: number;
  is_online: boolean;
}
