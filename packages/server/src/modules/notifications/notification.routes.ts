/**
 * The member's notifications, marking them read, Web Push subscriptions, channel auth, registered
 * from the shared route table (contract/notifications.ts).
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_MSG, PUSH_MSG, chatRoom, userRoom } from '@app/shared';
import { isAllowedPushEndpoint } from '../../adapters/push/push-endpoint.js';
import { requireUser } from '../../auth/require-user.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { contractRoute } from '../../http/contract-route.js';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from './notification.service.js';

/**
 * The member's chat `chatId` with the other participant's id, undefined when not theirs. Given
 * by the app (the chats module's), so notifications, which chats call, never import chats back.
 */
export type FindChatOfMember = (
  deps: Pick<Deps, 'db'>,
  chatId: number,
  userId: number,
) => Promise<{ id: number; other_id: number } | undefined>;

const CHAT_CHANNEL = /^(?:private-|presence-)?chat\.(\d{1,15})(?:\.user(\d{1,15}))?$/;
const roomAnswer = (room: string) => ({ transport: 'socket.io', path: '/socket.io', room });

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { findChatOfMember: FindChatOfMember },
) {
  contractRoute(app, 'notifications.list', async ({ page, per_page }, req) => {
    const list = await listNotifications(app.deps, requireUser(req).id, { page, per_page });
    return {
      success: true,
      data: list.notifications,
      unread_count: list.unreadCount,
      pagination: { page, per_page, has_more: list.hasMore },
    };
  });

  contractRoute(app, 'notifications.markRead', async ({ notification_id }, req) => {
    const unread = await readNotification(app.deps, requireUser(req).id, notification_id);
    return { success: true, unread_count: unread };
  });

  contractRoute(app, 'notifications.markAllRead', async (_input, req) => {
    await readAllNotifications(app.deps, requireUser(req).id);
    return { success: true, unread_count: 0 };
  });

  contractRoute(app, 'push.publicKey', async () => ({
    success: true,
    data: { public_key: app.deps.push.publicKey },
  }));

  contractRoute(app, 'push.subscribe', async ({ subscription }, req) => {
    const { push, config } = app.deps;
    if (!isAllowedPushEndpoint(subscription.endpoint, config.pushExtraHosts)) {
      throw new AppError('validation', PUSH_MSG.unknownService, {
        fields: { 'subscription.endpoint': [PUSH_MSG.unknownService] },
      });
    }
    if (!(await push.subscribe(requireUser(req).id, subscription))) {
      throw new AppError('conflict', PUSH_MSG.endpointTaken, { status: 409 });
    }
    return { success: true, message: PUSH_MSG.enabled };
  });

  contractRoute(app, 'push.unsubscribe', async ({ endpoint }, req) => {
    await app.deps.push.unsubscribe(requireUser(req).id, endpoint);
    return { success: true, message: PUSH_MSG.disabled };
  });

  // The spec's channel authorisation. Socket.IO authenticates at the handshake and joins the
  // member's own room; this answers which room a channel maps to. Own channels: the member's room.
  // chat.{chatId} (and its per-user status channel chat.{chatId}.user{userId}): the chat's room,
  // for participants only (404 like every other chat call); anything else: 403.
  contractRoute(app, 'notifications.channelAuth', async ({ channel_name }, req) => {
    const me = requireUser(req);
    const channel = channel_name ?? 'notifications';
    const own = [`notifications`, `private-user.${me.id}`, `user:${me.id}`];
    if (own.includes(channel)) return { success: true, data: roomAnswer(userRoom(me.id)) };
    const chat = CHAT_CHANNEL.exec(channel);
    if (!chat) throw new AppError('forbidden', 'Canal non autorisé', { status: 403 });
    const row = await opts.findChatOfMember(app.deps, Number(chat[1]), me.id);
    const statusOf = chat[2] === undefined ? null : Number(chat[2]);
    if (!row || (statusOf !== null && statusOf !== me.id && statusOf !== row.other_id))
      throw new AppError('chat_not_found', CHAT_MSG.notFound, { status: 404 });
    return { success: true, data: roomAnswer(chatRoom(row.id)) };
  });
}
