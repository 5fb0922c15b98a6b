/** Chats: create, list, details, read, mute, leave, unlock, typing (spec 2 §4, §7). */
import type { FastifyInstance } from 'fastify';
import {
  CHATS_PAGE_SIZE,
  CHAT_MSG,
  DELETED_MEMBER_NAME,
  MESSAGES_PAGE_SIZE,
  REALTIME_EVENTS,
  chatRoom,
  userRoom,
} from '@app/shared';
import { AppError } from '../../errors.js';
import { applyMovement } from '../coins/ledger.js';
import { isBlockedEitherWay } from '../safety/blocks.js';
import { markChatNotificationsRead } from '../notifications/notification.repository.js';
import * as chats from './chat.repository.js';
import type { ChatRow } from './chat.repository.js';
import * as messages from './message.repository.js';
import { lockViewOf } from './lock-rule.js';
import { photoOf, presentChatSummary, presentMessage } from './chat.presenter.js';
import { isOnline } from './presence.js';

export const chatNotFound = () =>
  new AppError('chat_not_found', CHAT_MSG.notFound, {
    status: 404,
    extra: { detail: CHAT_MSG.notFoundDetail },
  });

/** The chat as the member sees it; 404 when they are not in it, left it, or a block stands. */
export async function getChatForUser(app: FastifyInstance, chatId: number, userId: number) {
  const chat = await chats.findChatForUser(app.db, chatId, userId);
  if (!chat) throw chatNotFound();
  return chat;
}

/** Sends an event to the chat's room and to both members' own rooms (chat list, other devices). */
export function emitToChat(
  app: FastifyInstance,
  chat: Pick<ChatRow, 'id' | 'user_low_id' | 'user_high_id'>,
  event: string,
  payload: unknown,
) {
  app.realtime.io
    .to([chatRoom(chat.id), userRoom(chat.user_low_id), userRoom(chat.user_high_id)])
    .emit(event, payload);
}

export async function createChat(app: FastifyInstance, userId: number, otherId: number) {
  if (otherId === userId) throw new AppError('validation', CHAT_MSG.cannotChatSelf);
  const other = await app.db.query<{ id: number }>(
    'SELECT id FROM users WHERE id = $1 AND blocked_at IS NULL AND deleted_at IS NULL AND profile_completed_at IS NOT NULL',
    [otherId],
  );
  if (other.length === 0) throw new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });
  if (await isBlockedEitherWay(app.db, userId, otherId))
    throw new AppError('blocked', CHAT_MSG.blocked, { status: 403 });
  const existing = await chats.findChatIdForPair(app.db, userId, otherId);
  if (existing) {
    await chats.rejoinChat(app.db, existing, userId);
    return { chatId: existing, created: false };
  }
  const id = await app.db.transaction((tx) => chats.insertChat(tx, userId, otherId));
  // A concurrent create won the race: use its chat.
  const chatId = id ?? (await chats.findChatIdForPair(app.db, userId, otherId));
  if (!chatId) throw new Error('chat creation failed');
  return { chatId, created: id !== null };
}

export async function listChats(app: FastifyInstance, userId: number, page: number) {
  const rows = await chats.findChatsForUser(
    app.db,
    userId,
    CHATS_PAGE_SIZE + 1,
    (page - 1) * CHATS_PAGE_SIZE,
  );
  const visible = rows.slice(0, CHATS_PAGE_SIZE);
  const online = await Promise.all(
    visible.map((r) =>
      isOnline(app, r.other_id, {
        lastSeenAt: r.other_last_seen_at,
        offlineAt: r.other_offline_at,
      }),
    ),
  );
  return {
    data: visible.map((r, i) => presentChatSummary(app, r, userId, online[i] ?? false)),
    pagination: { page, per_page: CHATS_PAGE_SIZE, has_more: rows.length > CHATS_PAGE_SIZE },
  };
}

async function coinsOf(app: FastifyInstance, userId: number) {
  const rows = await app.db.query<{ coins: number; name: string | null; photo_key: string | null }>(
    'SELECT coins, name, photo_key FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? { coins: 0, name: null, photo_key: null };
}

export async function presentChatDetails(
  app: FastifyInstance,
  chat: ChatRow,
  userId: number,
  msgs: messages.MessageRow[],
) {
  const me = await coinsOf(app, userId);
  const { isSender, isLockedForUser } = lockViewOf(chat);
  const otherOnline = await isOnline(app, chat.other_id, {
    lastSeenAt: chat.other_last_seen_at,
    offlineAt: chat.other_offline_at,
  });
  return {
    id: chat.id,
    participants: [
      {
        id: chat.me_participant_id,
        user_id: userId,
        name: me.name,
        photo: photoOf(app, me.photo_key),
        is_online: true,
        is_current_user: true,
      },
      {
        id: chat.other_participant_id,
        user_id: chat.other_id,
        name: chat.other_deleted_at ? DELETED_MEMBER_NAME : chat.other_name,
        photo: chat.other_deleted_at ? null : photoOf(app, chat.other_photo_key, 'card'),
        is_online: !chat.other_deleted_at && otherOnline,
        is_current_user: false,
      },
    ].sort((a, b) => a.id - b.id),
    messages: msgs.map((m) => presentMessage(app, m)),
    is_locked_for_user: isLockedForUser,
    locked_sender: chat.locked_sender,
    locked_receiver: chat.locked_receiver,
    is_sender: isSender,
    unlock_cost: chat.unlock_cost,
    user_coins: me.coins,
    current_user_name: me.name,
    muted: chat.me_muted,
    origin: chat.origin,
  };
}

export async function getChatDetails(app: FastifyInstance, chatId: number, userId: number) {
  const chat = await getChatForUser(app, chatId, userId);
  const rows = await messages.findMessages(
    app.db,
    chat.id,
    chat.me_history_from_id,
    null,
    MESSAGES_PAGE_SIZE,
  );
  await markDelivered(app, chat, userId);
  return presentChatDetails(app, chat, userId, rows.reverse());
}

/** The member's device has the messages: sent → delivered, and the sender hears of it. */
export async function markDelivered(
  app: FastifyInstance,
  chat: ChatRow,
  userId: number,
  upToId: number | null = null,
) {
  const ids = await messages.markDelivered(app.db, chat.id, userId, upToId);
  if (ids.length)
    emitToChat(app, chat, 'message.delivered', {
      chat_id: chat.id,
      message_ids: ids,
      user_id: userId,
    });
}

export async function readChat(
  app: FastifyInstance,
  chatId: number,
  userId: number,
  upToId: number | null = null,
) {
  const chat = await getChatForUser(app, chatId, userId);
  const ids = await messages.markRead(app.db, chat.id, userId, upToId);
  await markChatNotificationsRead(app.db, userId, chat.id);
  const last = ids.at(-1);
  if (last) {
    emitToChat(app, chat, REALTIME_EVENTS.messageRead, {
      chat_id: chat.id,
      message_id: last,
      message_ids: ids,
      user_id: userId,
    });
  }
  return ids;
}

export async function setChatMuted(
  app: FastifyInstance,
  chatId: number,
  userId: number,
  muted: boolean | undefined,
) {
  const chat = await getChatForUser(app, chatId, userId);
  const next = muted ?? !chat.me_muted;
  await chats.setMuted(app.db, chat.id, userId, next);
  return next;
}

export async function leaveChat(app: FastifyInstance, chatId: number, userId: number) {
  const chat = await getChatForUser(app, chatId, userId);
  await chats.leaveChat(app.db, chat.id, userId);
  const sockets = await app.realtime.io.in(userRoom(userId)).fetchSockets();
  for (const s of sockets) s.leave(chatRoom(chat.id));
}

/** Pays the unlock once: a second (or concurrent) call finds the chat already open. */
export async function unlockChat(app: FastifyInstance, chatId: number, userId: number) {
  const result = await app.db.transaction(async (tx) => {
    const chat = await chats.findChatForUser(tx, chatId, userId, { lock: true });
    if (!chat) throw chatNotFound();
    const { isSender, isLockedForUser } = lockViewOf(chat);
    if (!isLockedForUser) return { chat, paid: false };
    await applyMovement(tx, {
      userId,
      amount: -chat.unlock_cost,
      reason: 'chat_unlock',
      key: `chat_unlock:${chat.id}:${userId}`,
      meta: { chat_id: chat.id },
    });
    await chats.setLocks(tx, chat.id, isSender ? { sender: false } : { receiver: false });
    return { chat, paid: true };
  });
  const fresh = await getChatForUser(app, chatId, userId);
  const rows = await messages.findMessages(
    app.db,
    fresh.id,
    fresh.me_history_from_id,
    null,
    MESSAGES_PAGE_SIZE,
  );
  const details = await presentChatDetails(app, fresh, userId, rows.reverse());
  return { paid: result.paid, chat: details, user_coins: details.user_coins };
}

export async function announceTyping(
  app: FastifyInstance,
  chatId: number,
  userId: number,
  isTyping: boolean,
) {
  const chat = await getChatForUser(app, chatId, userId);
  const me = await coinsOf(app, userId);
  app.realtime.io
    .to(chatRoom(chat.id))
    .except(userRoom(userId))
    .emit(isTyping ? REALTIME_EVENTS.typingStarted : REALTIME_EVENTS.typingStopped, {
      chat_id: chat.id,
      user_id: userId,
      user_name: me.name,
    });
}
