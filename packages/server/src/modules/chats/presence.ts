/**
 * Presence: a member is online while a socket of theirs is connected (on any server copy, via
 * the Socket.IO adapter) or their 15 s heartbeat (POST /profile) is recent — unless they asked
 * to be shown offline (POST /realtime/mark-offline): that holds, live sockets or not, until a
 * later sign of life (force-online, a new connection or the heartbeat moves last_seen_at past
 * it). Changes are sent as user.status.changed to the rooms of the member's chats.
 */
import type { Deps } from '../../deps.js';
import { ONLINE_WINDOW_S, REALTIME_EVENTS, chatRoom, userRoom } from '@app/shared';
import { chatPartnersOfUser } from './chat.repository.js';
import * as members from './member.repository.js';

export interface PresenceFacts {
  lastSeenAt: Date | null;
  offlineAt: Date | null;
}

function isRecentlySeen(lastSeen: Date | null, now = Date.now()) {
  return !!lastSeen && now - new Date(lastSeen).getTime() < ONLINE_WINDOW_S * 1000;
}

/** Marked offline, with no sign of life since. */
export function isMarkedOffline({ lastSeenAt, offlineAt }: PresenceFacts) {
  if (!offlineAt) return false;
  return !lastSeenAt || new Date(offlineAt).getTime() >= new Date(lastSeenAt).getTime();
}

export async function hasLiveSocket(deps: Pick<Deps, 'realtime'>, userId: number) {
  const sockets = await deps.realtime.fetchSockets(userRoom(userId));
  return sockets.length > 0;
}

/** The one presence answer that chat details, the chat list and the events agree on. */
export async function isOnline(deps: Pick<Deps, 'realtime'>, userId: number, facts: PresenceFacts) {
  if (isMarkedOffline(facts)) return false;
  return isRecentlySeen(facts.lastSeenAt) || (await hasLiveSocket(deps, userId));
}

/** To the rooms of the member's chats and to each chat partner's own room (their chat list). */
export async function broadcastStatus(
  deps: Pick<Deps, 'db' | 'realtime'>,
  userId: number,
  isOnline: boolean,
) {
  const chats = await chatPartnersOfUser(deps.db, userId);
  if (chats.length === 0) return;
  const rooms = [
    ...chats.map((c) => chatRoom(c.chat_id)),
    ...chats.map((c) => userRoom(c.partner_id)),
  ];
  deps.realtime
    .to(rooms)
    .emit(REALTIME_EVENTS.userStatusChanged, { user_id: userId, is_online: isOnline });
}

/** A sign of life (a new connection, force-online): online again, even after mark-offline. */
export function markSeenNow(deps: Pick<Deps, 'db'>, userId: number) {
  return members.markSeenNow(deps.db, userId);
}

/** The heartbeat window closes now: the member's last socket went away. */
export async function expireLastSeen(deps: Pick<Deps, 'db'>, userId: number) {
  await members.expireLastSeen(deps.db, userId);
}

/** POST /realtime/mark-offline: offline until the next sign of life. */
export async function markOffline(deps: Pick<Deps, 'db'>, userId: number) {
  await members.markOffline(deps.db, userId);
}
