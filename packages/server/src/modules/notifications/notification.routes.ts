/** The member's notifications, marking them read, Web Push subscriptions, channel auth. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_MSG, chatRoom, userRoom } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { AppError } from '../../errors.js';
import { findChatForUser } from '../chats/chat.repository.js';
import * as repo from './notification.repository.js';
import { presentNotification } from './notification.presenter.js';

const NOT_FOUND = 'Notification introuvable';
const CHAT_CHANNEL = /^(?:private-|presence-)?chat\.(\d{1,15})(?:\.user(\d{1,15}))?$/;
const roomAnswer = (room: string) => ({ transport: 'socket.io', path: '/socket.io', room });
const ZPage = z
  .object({
    token: z.string().optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(50).default(20),
  })
  .default({ page: 1, per_page: 20 });

const ZSubscription = z.object({
  token: z.string().optional(),
  subscription: z.object({
    endpoint: z
      .string()
      .url()
      .max(2000)
      .refine((u) => u.startsWith('https://'), 'Adresse de notification invalide'),
    keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
  }),
});

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  app.post(
    '/notifications',
    { ...auth, schema: { body: ZPage, tags: ['notifications'] } },
    async (req) => {
      const me = requireUser(req);
      const { page, per_page } = req.body;
      const rows = await repo.findNotifications(app.db, me.id, per_page + 1, (page - 1) * per_page);
      return {
        success: true,
        data: rows.slice(0, per_page).map(presentNotification),
        unread_count: await repo.countUnread(app.db, me.id),
        pagination: { page, per_page, has_more: rows.length > per_page },
      };
    },
  );

  app.post(
    '/notifications/mark-read',
    {
      ...auth,
      schema: {
        body: z.object({
          token: z.string().optional(),
          notification_id: z.coerce.number().int().positive(),
        }),
        tags: ['notifications'],
      },
    },
    async (req) => {
      const me = requireUser(req);
      if (!(await repo.markRead(app.db, me.id, req.body.notification_id))) {
        throw new AppError('not_found', NOT_FOUND, { status: 404 });
      }
      return { success: true, unread_count: await repo.countUnread(app.db, me.id) };
    },
  );

  app.post(
    '/notifications/mark-all-read',
    { ...auth, schema: { tags: ['notifications'] } },
    async (req) => {
      await repo.markAllRead(app.db, requireUser(req).id);
      return { success: true, unread_count: 0 };
    },
  );

  app.get('/push/public-key', { schema: { tags: ['notifications'] } }, async () => ({
    success: true,
    data: { public_key: app.push.publicKey },
  }));

  app.post(
    '/push/subscribe',
    { ...auth, schema: { body: ZSubscription, tags: ['notifications'] } },
    async (req) => {
      await app.push.subscribe(requireUser(req).id, req.body.subscription);
      return { success: true, message: 'Notifications activées' };
    },
  );

  app.post(
    '/push/unsubscribe',
    {
      ...auth,
      schema: {
        body: z.object({ token: z.string().optional(), endpoint: z.string().max(2000) }),
        tags: ['notifications'],
      },
    },
    async (req) => {
      await app.push.unsubscribe(requireUser(req).id, req.body.endpoint);
      return { success: true, message: 'Notifications désactivées' };
    },
  );

  // The spec's channel authorisation. Socket.IO authenticates at the handshake and joins the
  // member's own room; this answers which room a channel maps to. Own channels: the member's room.
  // chat.{chatId} (and its per-user status channel chat.{chatId}.user{userId}): the chat's room,
  // for participants only (404 like every other chat call); anything else: 403.
  app.post(
    '/broadcasting/auth',
    {
      ...auth,
      schema: {
        body: z.object({
          token: z.string().optional(),
          channel_name: z.string().max(100).optional(),
        }),
        tags: ['notifications'],
      },
    },
    async (req) => {
      const me = requireUser(req);
      const channel = req.body.channel_name ?? 'notifications';
      const own = [`notifications`, `private-user.${me.id}`, `user:${me.id}`];
      if (own.includes(channel)) return { success: true, data: roomAnswer(userRoom(me.id)) };
      const chat = CHAT_CHANNEL.exec(channel);
      if (!chat) throw new AppError('forbidden', 'Canal non autorisé', { status: 403 });
      const row = await findChatForUser(app.db, Number(chat[1]), me.id);
      const statusOf = chat[2] === undefined ? null : Number(chat[2]);
      if (!row || (statusOf !== null && statusOf !== me.id && statusOf !== row.other_id))
        throw new AppError('chat_not_found', CHAT_MSG.notFound, { status: 404 });
      return { success: true, data: roomAnswer(chatRoom(row.id)) };
    },
  );
}
