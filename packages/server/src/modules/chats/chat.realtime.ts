/**
 * Socket handlers of the chat: joining a chat room only after a server-side participant check,
 * delivery and read receipts, typing, and presence changes as sockets come and go.
 */
import type { Socket } from 'socket.io';
import { REALTIME_EVENTS, chatRoom, userRoom } from '@app/shared';
import type { Deps } from '../../deps.js';
import * as chats from './chat.repository.js';
import { markDelivered } from './chat.service.js';
import { readMessage } from './message.service.js';
import { broadcastStatus, expireLastSeen, hasLiveSocket, markSeenNow } from './presence.js';

type Ack = (answer: { ok: boolean; message?: string }) => void;
const asId = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);
const payloadOf = (p: unknown) =>
  p && typeof p === 'object' ? (p as Record<string, unknown>) : {};

export function registerChatSockets(deps: Deps) {
  deps.realtime.onConnection((socket: Socket, userId: number) => {
    const safely = (fn: () => Promise<unknown>) =>
      fn().catch((err: unknown) => deps.log.debug({ err }, 'socket handler'));

    // The member's name, for their typing events (read with the sign of life, kept here).
    let name: string | null = null;
    safely(async () => {
      name = await markSeenNow(deps, userId);
      await broadcastStatus(deps, userId, true);
    });

    socket.on('chat:join', (payload: unknown, ack?: Ack) =>
      safely(async () => {
        const chatId = asId(payloadOf(payload).chat_id);
        const chat = Number.isInteger(chatId)
          ? await chats.findChatForUser(deps.db, chatId, userId)
          : undefined;
        if (!chat) return ack?.({ ok: false, message: 'Chat introuvable' });
        await socket.join(chatRoom(chat.id));
        await markDelivered(deps, chat, userId);
        ack?.({ ok: true });
      }),
    );

    socket.on('chat:leave', (payload: unknown) => {
      const chatId = asId(payloadOf(payload).chat_id);
      if (Number.isInteger(chatId)) void socket.leave(chatRoom(chatId));
    });

    // The recipient's device received messages (sent → delivered).
    socket.on('message.delivered', (payload: unknown) =>
      safely(async () => {
        const p = payloadOf(payload);
        const chat = await chats.findChatForUser(deps.db, asId(p.chat_id), userId);
        if (chat)
          await markDelivered(
            deps,
            chat,
            userId,
            Number.isInteger(asId(p.message_id)) ? asId(p.message_id) : null,
          );
      }),
    );

    socket.on('client-message.read', (payload: unknown) =>
      safely(() => readMessage(deps, asId(payloadOf(payload).message_id), userId)),
    );

    // Typing never reaches the database: a socket may only type in a chat room it joined,
    // which it did after chat:join's participant check (blocks included).
    socket.on('typing', (payload: unknown) => {
      const p = payloadOf(payload);
      const chatId = asId(p.chat_id);
      if (!Number.isInteger(chatId) || !socket.rooms.has(chatRoom(chatId))) return;
      const isTyping = p.is_typing !== false;
      socket
        .to(chatRoom(chatId))
        .except(userRoom(userId))
        .emit(isTyping ? REALTIME_EVENTS.typingStarted : REALTIME_EVENTS.typingStopped, {
          chat_id: chatId,
          user_id: userId,
          user_name: name,
        });
    });

    socket.on('disconnect', () => {
      // A short grace period: a page reload reconnects without flapping to offline.
      setTimeout(() => {
        safely(async () => {
          if (await hasLiveSocket(deps, userId)) return;
          // The chat details must agree with the event: the heartbeat window closes too.
          await expireLastSeen(deps, userId);
          await broadcastStatus(deps, userId, false);
        });
      }, 3_000).unref();
    });
  });
}
