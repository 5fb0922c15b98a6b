/**
 * Realtime event names (spec 1 §7, spec 2 §7), the one map of their payloads
 * (`ServerEventPayloads`: the server's emit helpers and the web's realtime bus both take their
 * types from it), Socket.IO's typed events derived from it (`Server<ClientToServerEvents,
 * ServerToClientEvents>` on the server, `Socket<ServerToClient…, ClientToServer…>` on the web)
 * and room naming, shared by server and client.
 */
import type { TChatMessage } from './chats.js';
import type { TNotification } from './notifications.js';
import type { TCallSignal, TCallUpdate, TCallWithPeer } from './calls.js';

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

/** Messages of a chat reached the other member's device. */
export interface TMessageDeliveredEvent {
  chat_id: number;
  message_ids: number[];
  user_id: number;
}

/** A message was deleted for everyone. */
export interface TMessageDeletedEvent {
  chat_id: number;
  message_id: number;
}

/** A member came online or left. */
export interface TUserStatusEvent {
  user_id: number;
  is_online: boolean;
}

/**
 * What the server sends: each event's name and its one payload. A new event is one line here;
 * the server's `emitToUser` / `emitToRoom` / `emitToChat` and the web's `onRealtimeEvent` are
 * typed from it.
 */
export interface ServerEventPayloads {
  [REALTIME_EVENTS.notificationReceived]: TNotification;
  [REALTIME_EVENTS.messageSent]: TChatMessage;
  [REALTIME_EVENTS.typingStarted]: TTypingEvent;
  [REALTIME_EVENTS.typingStopped]: TTypingEvent;
  [REALTIME_EVENTS.messageRead]: TMessageReadEvent;
  'message.delivered': TMessageDeliveredEvent;
  'message.updated': TChatMessage;
  [REALTIME_EVENTS.messageDeleted]: TMessageDeletedEvent;
  [REALTIME_EVENTS.userStatusChanged]: TUserStatusEvent;
  /**
   * Beyond the spec (issue 29): `closed_by` chose « Ne plus voir ce profil », to both members'
   * devices: the chat leaves the closer's lists, and becomes read-only for the other member.
   */
  'chat.closed': { chat_id: number; closed_by: number };
  /** Beyond the spec (issue 30): a call rings on every device of the callee. */
  'call.incoming': TCallWithPeer;
  /** A call was answered, declined, missed, hung up or cut: to both members' devices. */
  'call.updated': TCallUpdate;
  /** A description or ICE candidate from the other device of the call, to this device only. */
  'call.signal': TCallSignal;
}
export type TServerEvent = keyof ServerEventPayloads;

/** Socket.IO's form of the same map (one listener argument: the payload). */
export type ServerToClientEvents = {
  [E in TServerEvent]: (payload: ServerEventPayloads[E]) => void;
};

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
  /** A signal for the other device of a call this device is in (issue 30). */
  'call:signal': (payload: TCallSignal, ack?: (answer: TSocketAck) => void) => void;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;
