/** Chats: create, list, details, read, mute, leave, unlock, typing (spec 2 §4, §7). */
import {
  CHATS_PAGE_SIZE,
  CHAT_MSG,
  DELETED_MEMBER_NAME,
  MESSAGES_PAGE_SIZE,
  PRIVACY_MSG,
  REALTIME_EVENTS,
  VERIFICATION_MSG,
  chatRoom,
  userRoom,
  type ServerEventPayloads,
  type TServerEvent,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { applyMovement } from '../coins/index.js';
import { isBlockedEitherWay } from '../safety/index.js';
import { markChatNotificationsRead } from '../notifications/index.js';
import { getMemberSettings } from '../privacy/index.js';
import * as chats from './chat.repository.js';
import type { ChatRow } from './chat.repository.js';
import * as messages from './message.repository.js';
import * as members from './member.repository.js';
import { lockViewOf } from './lock-rule.js';
import { ensureMatchChat } from './create-match-chat.js';
import { photoOf, presentChatSummary, presentMessage } from './chat.presenter.js';
import { isOnline, presenceShown } from './presence.js';
import { emitRead, readMarksHidden } from './read-receipts.js';
import { assertNotHeld, isHeld } from './scam-shield.js';
import { hasReportedScamInChat } from './scam-report.repository.js';

export const chatNotFound = () =>
  new AppError('chat_not_found', CHAT_MSG.notFound, {
    status: 404,
    extra: { detail: CHAT_MSG.notFoundDetail },
  });

/** A write into a chat the other member closed (« Ne plus voir ce profil »). */
export const chatClosed = () => new AppError('forbidden', CHAT_MSG.closed, { status: 403 });

/** The chat as the member sees it; 404 when they are not in it, left it, or a block stands. */
export async function getChatForUser(deps: Deps, chatId: number, userId: number) {
  const chat = await chats.findChatForUser(deps.db, chatId, userId);
  if (!chat) throw chatNotFound();
  return chat;
}

/** Sends an event to the chat's room and to both members' own rooms (chat list, other devices). */
export function emitToChat<E extends TServerEvent>(
  deps: Deps,
  chat: Pick<ChatRow, 'id' | 'user_low_id' | 'user_high_id'>,
  event: E,
  payload: ServerEventPayloads[E],
) {
  deps.realtime
    .to([chatRoom(chat.id), userRoom(chat.user_low_id), userRoom(chat.user_high_id)])
    .emit(event, payload);
}

/**
 * A new or edited message to everyone who sees the chat. A flagged one goes out twice: plain to
 * the sender's devices and the chat room, with the warning to the receiver's devices alone.
 */
export function emitMessage(
  deps: Deps,
  chat: Pick<ChatRow, 'id' | 'user_low_id' | 'user_high_id'>,
  event: typeof REALTIME_EVENTS.messageSent | 'message.updated',
  row: messages.MessageRow,
  hideRead = false,
) {
  const plain = presentMessage(deps, row, row.sender_id, hideRead);
  if (!row.safety_flag) return emitToChat(deps, chat, event, plain);
  const receiverId = row.sender_id === chat.user_low_id ? chat.user_high_id : chat.user_low_id;
  deps.realtime
    .to([chatRoom(chat.id), userRoom(row.sender_id)])
    .except(userRoom(receiverId))
    .emit(event, plain);
  deps.realtime
    .to(userRoom(receiverId))
    .emit(event, presentMessage(deps, row, receiverId, hideRead));
}

/** « Seuls les profils vérifiés peuvent m'écrire »: a new chat needs the writer's badge. */
async function assertMayWriteTo(deps: Deps, userId: number, otherId: number) {
  const settings = await getMemberSettings(deps.db, otherId);
  if (!settings.verified_only_messages || (await members.isVerified(deps.db, userId))) return;
  throw new AppError('verified_only', VERIFICATION_MSG.verifiedOnlyRefusal, { status: 403 });
}

export async function createChat(deps: Deps, userId: number, otherId: number) {
  if (otherId === userId) throw new AppError('validation', CHAT_MSG.cannotChatSelf);
  if (!(await members.isReachableMember(deps.db, otherId)))
    throw new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });
  if (await isBlockedEitherWay(deps.db, userId, otherId))
    throw new AppError('blocked', CHAT_MSG.blocked, { status: 403 });
  const existing = await chats.findChatIdForPair(deps.db, userId, otherId);
  if (existing) {
    // A member who closed the chat (« Ne plus voir ce profil ») and starts it again opens it
    // again; the other member gets the existing chat, closed or not.
    await chats.reopenChat(deps.db, existing, userId);
    await chats.rejoinChat(deps.db, existing, userId);
    return { chatId: existing, created: false };
  }
  // A member the scam shield holds keeps their chats but starts no new one until reviewed;
  // nor does anyone open a new one with them (held everywhere, issue 29).
  await assertNotHeld(deps.db, userId);
  await assertMayWriteTo(deps, userId, otherId);
  if (await isHeld(deps.db, otherId))
    throw new AppError('messaging_restricted', PRIVACY_MSG.heldReceiver, { status: 403 });
  const matched = await members.isMatchedPair(deps.db, userId, otherId);
  // « Mes matchs uniquement »: new chats from matches only (the chats the member starts
  // themselves already exist and are answered above).
  if (!matched && (await getMemberSettings(deps.db, otherId)).who_can_message === 'matches')
    throw new AppError('messaging_restricted', PRIVACY_MSG.matchesOnly, { status: 403 });
  // A match whose chat did not open (a hold, since lifted) opens it now, as a match's chat.
  const id = await deps.db
    .transaction()
    .execute((trx) =>
      matched ? ensureMatchChat(trx, otherId, userId) : chats.insertChat(trx, userId, otherId),
    );
  // A concurrent create won the race: use its chat.
  const chatId = id ?? (await chats.findChatIdForPair(deps.db, userId, otherId));
  if (!chatId) throw new Error('chat creation failed');
  return { chatId, created: id !== null };
}

export async function listChats(deps: Deps, userId: number, page: number) {
  const rows = await chats.findChatsForUser(
    deps.db,
    userId,
    CHATS_PAGE_SIZE + 1,
    (page - 1) * CHATS_PAGE_SIZE,
  );
  const visible = rows.slice(0, CHATS_PAGE_SIZE);
  const shown = await presenceShown(
    deps,
    userId,
    visible.map((r) => r.other_id),
  );
  const online = await Promise.all(
    visible.map(
      (r) =>
        shown(r.other_id) &&
        isOnline(deps, r.other_id, {
          lastSeenAt: r.other_last_seen_at,
          offlineAt: r.other_offline_at,
        }),
    ),
  );
  return {
    data: visible.map((r, i) => presentChatSummary(deps, r, userId, online[i] ?? false)),
    pagination: { page, per_page: CHATS_PAGE_SIZE, has_more: rows.length > CHATS_PAGE_SIZE },
  };
}

async function presentChatDetails(
  deps: Deps,
  chat: ChatRow,
  userId: number,
  msgs: messages.MessageRow[],
) {
  const me = await members.findMemberCard(deps.db, userId);
  const hideRead = await readMarksHidden(deps, chat);
  const { isSender, isLockedForUser } = lockViewOf(chat);
  const shown = await presenceShown(deps, userId, [chat.other_id]);
  // A closed chat shows no more of the member who closed it than their name and photo.
  const closed = chat.closed_at !== null;
  const otherOnline =
    !closed &&
    shown(chat.other_id) &&
    (await isOnline(deps, chat.other_id, {
      lastSeenAt: chat.other_last_seen_at,
      offlineAt: chat.other_offline_at,
    }));
  // Asked only when a warning is on the page: most chats never carry one.
  const warned = msgs.some((m) => m.safety_flag && m.sender_id !== userId);
  const scamReported = warned && (await hasReportedScamInChat(deps.db, userId, chat.id));
  return {
    id: chat.id,
    participants: [
      {
        id: chat.me_participant_id,
        user_id: userId,
        name: me.name,
        photo: photoOf(deps, me.photo_key),
        is_online: true,
        is_current_user: true,
        verified: me.verified_at !== null,
      },
      {
        id: chat.other_participant_id,
        user_id: chat.other_id,
        name: chat.other_deleted_at ? DELETED_MEMBER_NAME : chat.other_name,
        photo: chat.other_deleted_at ? null : photoOf(deps, chat.other_photo_key, 'card'),
        is_online: !chat.other_deleted_at && otherOnline,
        is_current_user: false,
        verified: !chat.other_deleted_at && chat.other_verified_at !== null,
      },
    ].sort((a, b) => a.id - b.id),
    messages: msgs.map((m) => presentMessage(deps, m, userId, hideRead)),
    is_locked_for_user: isLockedForUser,
    locked_sender: chat.locked_sender,
    locked_receiver: chat.locked_receiver,
    is_sender: isSender,
    unlock_cost: chat.unlock_cost,
    user_coins: me.coins,
    current_user_name: me.name,
    muted: chat.me_muted,
    origin: chat.origin,
    scam_reported: scamReported,
    closed,
  };
}

export async function getChatDetails(deps: Deps, chatId: number, userId: number) {
  const chat = await getChatForUser(deps, chatId, userId);
  const rows = await messages.findMessages(
    deps.db,
    chat.id,
    chat.me_history_from_id,
    null,
    MESSAGES_PAGE_SIZE,
  );
  await markDelivered(deps, chat, userId);
  return presentChatDetails(deps, chat, userId, rows.reverse());
}

/** The member's device has the messages: sent → delivered, and the sender hears of it. */
export async function markDelivered(
  deps: Deps,
  chat: ChatRow,
  userId: number,
  upToId: number | null = null,
) {
  const ids = await messages.markDelivered(deps.db, chat.id, userId, upToId);
  if (ids.length)
    emitToChat(deps, chat, 'message.delivered', {
      chat_id: chat.id,
      message_ids: ids,
      user_id: userId,
    });
}

export async function readChat(
  deps: Deps,
  chatId: number,
  userId: number,
  upToId: number | null = null,
) {
  const chat = await getChatForUser(deps, chatId, userId);
  const ids = await messages.markRead(deps.db, chat.id, userId, upToId);
  await markChatNotificationsRead(deps.db, userId, chat.id);
  const last = ids.at(-1);
  if (last) {
    await emitRead(deps, chat, {
      chat_id: chat.id,
      message_id: last,
      message_ids: ids,
      user_id: userId,
    });
  }
  return ids;
}

export async function setChatMuted(
  deps: Deps,
  chatId: number,
  userId: number,
  muted: boolean | undefined,
) {
  const chat = await getChatForUser(deps, chatId, userId);
  const next = muted ?? !chat.me_muted;
  await chats.setMuted(deps.db, chat.id, userId, next);
  return next;
}

export async function leaveChat(deps: Deps, chatId: number, userId: number) {
  const chat = await getChatForUser(deps, chatId, userId);
  await chats.leaveChat(deps.db, chat.id, userId);
  const sockets = await deps.realtime.fetchSockets(userRoom(userId));
  for (const s of sockets) s.leave(chatRoom(chat.id));
}

/** Pays the unlock once: a second (or concurrent) call finds the chat already open. */
export async function unlockChat(deps: Deps, chatId: number, userId: number) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const chat = await chats.findChatForUser(trx, chatId, userId, { lock: true });
    if (!chat) throw chatNotFound();
    if (chat.closed_at) throw chatClosed();
    const { isSender, isLockedForUser } = lockViewOf(chat);
    if (!isLockedForUser) return { chat, paid: false };
    await applyMovement(
      trx,
      {
        userId,
        amount: -chat.unlock_cost,
        reason: 'chat_unlock',
        key: `chat_unlock:${chat.id}:${userId}`,
        meta: { chat_id: chat.id },
      },
      deps.metrics,
    );
    await chats.setLocks(trx, chat.id, isSender ? { sender: false } : { receiver: false });
    return { chat, paid: true };
  });
  const fresh = await getChatForUser(deps, chatId, userId);
  const rows = await messages.findMessages(
    deps.db,
    fresh.id,
    fresh.me_history_from_id,
    null,
    MESSAGES_PAGE_SIZE,
  );
  const details = await presentChatDetails(deps, fresh, userId, rows.reverse());
  return { paid: result.paid, chat: details, user_coins: details.user_coins };
}

export async function announceTyping(
  deps: Deps,
  chatId: number,
  userId: number,
  isTyping: boolean,
) {
  const chat = await getChatForUser(deps, chatId, userId);
  const me = await members.findMemberCard(deps.db, userId);
  deps.realtime
    .to(chatRoom(chat.id))
    .except(userRoom(userId))
    .emit(isTyping ? REALTIME_EVENTS.typingStarted : REALTIME_EVENTS.typingStopped, {
      chat_id: chat.id,
      user_id: userId,
      user_name: me.name,
    });
}

/** The chat as `userId` sees it, or undefined (for other modules: channel authorisation). */
export function findChatOfMember(deps: Pick<Deps, 'db'>, chatId: number, userId: number) {
  return chats.findChatForUser(deps.db, chatId, userId);
}
