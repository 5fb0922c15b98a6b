/**
 * Presence: a member is online while a socket of theirs is connected (on any server copy, via
 * the Socket.IO adapter) or their 15 s heartbeat (POST /profile) is recent — unless they asked
 * to be shown offline (POST /realtime/mark-offline): that holds, live sockets or not, until a
 * later sign of life (force-online, a new connection or the heartbeat moves last_seen_at past
 * it). Changes are sent as user.status.changed to the member's chat partners; a member who
 * hides their status (issue 29) is never shown online and sees nobody's status.
 */
import type { Deps } from '../../deps.js';
import { ONLINE_WINDOW_S, REALTIME_EVENTS, userRoom } from '@app/shared';
import { settingsOf } from '../privacy/index.js';
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

/**
 * To each chat partner's own room (all their devices: chat list and open chats). Nothing is
 * sent for a member who hides their status (« Masquer mon statut en ligne »), nor to a partner
 * who hides theirs: like the messaging apps members know, hiding works both ways. `force`
 * sends even for a hidden member: the one « hors ligne » said when they hide it.
 */
export async function broadcastStatus(
  deps: Pick<Deps, 'db' | 'realtime'>,
  userId: number,
  isOnline: boolean,
  force = false,
) {
  const chats = await chatPartnersOfUser(deps.db, userId);
  if (chats.length === 0) return;
  const settings = await settingsOf(deps.db, [userId, ...chats.map((c) => c.partner_id)]);
  if (!force && settings.get(userId)?.hide_online) return;
  const rooms = chats
    .filter((c) => !settings.get(c.partner_id)?.hide_online)
    .map((c) => userRoom(c.partner_id));
  if (rooms.length === 0) return;
  deps.realtime
    .to(rooms)
    .emit(REALTIME_EVENTS.userStatusChanged, { user_id: userId, is_online: isOnline });
}

/**
 * Whether `viewerId` may see others' presence and `otherIds`' own: false for a member who hides
 * theirs, and for everyone when the viewer hides their own.
 */
export async function presenceShown(
  deps: Pick<Deps, 'db'>,
  viewerId: number,
  otherIds: readonly number[],
): Promise<(id: number) => boolean> {
  const settings = await settingsOf(deps.db, [viewerId, ...otherIds]);
  if (settings.get(viewerId)?.hide_online) return () => false;
  return (id) => !settings.get(id)?.hide_online;
}

/**
 * The member hid or showed their status: partners hear « hors ligne » at once, or the status
 * as it is now.
 */
export async function statusVisibilityChanged(
  deps: Pick<Deps, 'db' | 'realtime'>,
  userId: number,
  hidden: boolean,
) {
  if (hidden) return broadcastStatus(deps, userId, false, true);
  const facts = await members.findPresenceFacts(deps.db, userId);
  const online = facts ? await isOnline(deps, userId, facts) : false;
  return broadcastStatus(deps, userId, online);
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
