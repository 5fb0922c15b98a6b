/**
 * Realtime event names (spec 1 §7, spec 2 §7), their payloads as Socket.IO's typed events
 * (`Server<ClientToServerEvents, ServerToClientEvents>` on the server, `Socket<ServerToClient…,
 * ClientToServer…>` on the web) and room naming, shared by server and client.
 */
import type { TChatMessage } from './chats.js';
import type { TNotification } from './notifications.js';

export const REALTIME_EVENTS = {
  notificationReceived: 'notification.received',
  messageSent: 'message.sent',
  typingStarted: 'typing.started',
  typingStopped: 'typing.stopped',
  messageRead: 'message.read',
  messageDeleted: 'message.deleted',
  userStatusChanged: 'user.status.changed',
} as const;
export type TRealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** Someone in a chat started or stopped typing. */
export interface TTypingEvent {
  chat_id: number;
  user_id: number;
  user_name: string | null;
}

/** Messages of a chat were read, up to `message_id`. */
export interface TMessageReadEvent {
  chat_id: number;
  message_id: number;
  message_ids: number[];
  user_id: number;
}

/** What the server sends. */
export interface ServerToClientEvents {
  [REALTIME_EVENTS.notificationReceived]: (notification: TNotification) => void;
  [REALTIME_EVENTS.messageSent]: (message: TChatMessage) => void;
  [REALTIME_EVENTS.typingStarted]: (event: TTypingEvent) => void;
  [REALTIME_EVENTS.typingStopped]: (event: TTypingEvent) => void;
  [REALTIME_EVENTS.messageRead]: (event: TMessageReadEvent) => void;
  'message.delivered': (event: { chat_id: number; message_ids: number[]; user_id: number }) => void;
  'message.updated': (message: TChatMessage) => void;
  [REALTIME_EVENTS.messageDeleted]: (event: { chat_id: number; message_id: number }) => void;
  [REALTIME_EVENTS.userStatusChanged]: (event: { user_id: number; is_online: boolean }) => void;
}

/** The answer to an event sent with an acknowledgement. */
export interface TSocketAck {
  ok: boolean;
  message?: string;
}

/**
 * What the web sends. The server still checks every payload at run time (a socket is
 * untrusted input): its handlers take `unknown`.
 */
export interface ClientToServerEvents {
  'chat:join': (payload: { chat_id: number }, ack?: (answer: TSocketAck) => void) => void;
  'chat:leave': (payload: { chat_id: number }) => void;
  'message.delivered': (payload: { chat_id: number; message_id?: number | null }) => void;
  'client-message.read': (payload: { message_id: number }) => void;
  typing: (payload: { chat_id: number; is_typing: boolean }) => void;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;
