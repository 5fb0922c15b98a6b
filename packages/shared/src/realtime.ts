/** Realtime event names (spec 1 §7, spec 2 §7) and room naming, shared by server and client. */
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

export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;
