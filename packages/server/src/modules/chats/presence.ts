/**
 * Presence: a member is online while a socket of theirs is connected (on any server copy, via
 * the Socket.IO adapter) or their 15 s heartbeat (POST /profile) is recent. Changes are sent
 * as user.status.changed to the rooms of the member's chats.
 */
import type { FastifyInstance } from 'fastify';
import { ONLINE_WINDOW_S, REALTIME_EVENTS, chatRoom, userRoom } from '@app/shared';
import { chatPartnersOfUser } from './chat.repository.js';

export function isRecentlySeen(lastSeen: Date | null, now = Date.now()) {
  return !!lastSeen && now - new Date(lastSeen).getTime() < ONLINE_WINDOW_S * 1000;
}

export async function hasLiveSocket(app: FastifyInstance, userId: number) {
  const sockets = await app.realtime.io.in(userRoom(userId)).fetchSockets();
  return sockets.length > 0;
}

export async function isOnline(app: FastifyInstance, userId: number, lastSeen: Date | null) {
  return isRecentlySeen(lastSeen) || (await hasLiveSocket(app, userId));
}

/** To the rooms of the member's chats and to each chat partner's own room (their chat list). */
export async function broadcastStatus(app: FastifyInstance, userId: number, isOnline: boolean) {
  const chats = await chatPartnersOfUser(app.db, userId);
  if (chats.length === 0) return;
  const rooms = [
    ...chats.map((c) => chatRoom(c.chat_id)),
    ...chats.map((c) => userRoom(c.partner_id)),
  ];
  app.realtime.io
    .to(rooms)
    .emit(REALTIME_EVENTS.userStatusChanged, { user_id: userId, is_online: isOnline });
}

export async function setLastSeen(app: FastifyInstance, userId: number, online: boolean) {
  await app.db.query(
    `UPDATE users SET last_seen_at = ${online ? 'now()' : `now() - interval '${ONLINE_WINDOW_S + 1} seconds'`} WHERE id = $1`,
    [userId],
  );
}
