/** Chat calls of spec 2 §7 (under /api): list, create, details, read, mute, leave, unlock, typing, search. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_MSG, MESSAGES_PAGE_SIZE } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import * as service from './chat.service.js';
import * as messages from './message.service.js';

const token = { token: z.string().optional() };
const ZId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
// A JSON body whose fields are all optional; a missing body counts as {} (spec calls send only a token).
const ZBody = <S extends z.ZodRawShape>(shape: S = {} as S) =>
  z.preprocess((v) => v ?? {}, z.object({ ...token, ...shape }));
const page = z.coerce.number().int().min(1).max(10_000).default(1);

export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['chats'];

  app.post('/chats', { ...auth, schema: { body: ZBody({ page }), tags } }, async (req) => {
    const { data, pagination } = await service.listChats(
      app,
      requireUser(req).id,
      req.body.page ?? 1,
    );
    return { success: true, data, pagination };
  });

  app.post(
    '/chats/create',
    {
      ...auth,
      schema: {
        body: z.object({
          ...token,
          other_user_id: z.coerce
            .number({ error: 'Profil invalide pour créer un chat' })
            .int()
            .positive(),
        }),
        tags,
      },
    },
    async (req, reply) => {
      const { chatId, created } = await service.createChat(
        app,
        requireUser(req).id,
        req.body.other_user_id,
      );
      return reply.status(created ? 201 : 200).send({ success: true, data: { chat_id: chatId } });
    },
  );

  app.post(
    '/chats/:id',
    { ...auth, schema: { params: ZId, body: ZBody(), tags } },
    async (req) => ({
      success: true,
      data: await service.getChatDetails(app, req.params.id, requireUser(req).id),
    }),
  );

  app.post(
    '/chats/:id/messages',
    {
      ...auth,
      schema: {
        params: ZId,
        // Spec 2 §7: {page, per_page default 20}, page 1 the newest messages. Beyond the spec,
        // before_id (a cursor, stable while messages arrive); with both, pages count back from it.
        body: ZBody({
          page,
          per_page: z.coerce.number().int().min(1).max(50).default(MESSAGES_PAGE_SIZE),
          before_id: z.coerce.number().int().positive().optional(),
        }),
        tags,
      },
    },
    async (req) => {
      const res = await messages.listMessages(app, req.params.id, requireUser(req).id, {
        beforeId: req.body.before_id ?? null,
        page: req.body.page ?? 1,
        perPage: req.body.per_page ?? MESSAGES_PAGE_SIZE,
      });
      return { success: true, ...res };
    },
  );

  app.post(
    '/chats/:id/search',
    {
      ...auth,
      schema: {
        params: ZId,
        body: z.object({
          ...token,
          query: z.string().trim().min(1, 'Recherche vide').max(100),
          page,
        }),
        tags,
      },
    },
    async (req) => ({
      success: true,
      ...(await messages.searchMessages(
        app,
        req.params.id,
        requireUser(req).id,
        req.body.query,
        req.body.page,
      )),
    }),
  );

  app.post(
    '/chats/:id/read',
    { ...auth, schema: { params: ZId, body: ZBody(), tags } },
    async (req) => {
      const ids = await service.readChat(app, req.params.id, requireUser(req).id);
      return { success: true, data: { message_ids: ids } };
    },
  );

  app.post(
    '/chats/:id/mute',
    { ...auth, schema: { params: ZId, body: ZBody({ muted: z.boolean().optional() }), tags } },
    async (req) => {
      const muted = await service.setChatMuted(
        app,
        req.params.id,
        requireUser(req).id,
        req.body.muted,
      );
      return { success: true, message: muted ? CHAT_MSG.muted : CHAT_MSG.unmuted, data: { muted } };
    },
  );

  app.post(
    '/chats/:id/leave',
    { ...auth, schema: { params: ZId, body: ZBody(), tags } },
    async (req) => {
      await service.leaveChat(app, req.params.id, requireUser(req).id);
      return { success: true, message: CHAT_MSG.left };
    },
  );

  app.post(
    '/chats/:id/unlock',
    { ...auth, schema: { params: ZId, body: ZBody(), tags } },
    async (req) => {
      const res = await service.unlockChat(app, req.params.id, requireUser(req).id);
      return {
        success: true,
        message: CHAT_MSG.unlocked,
        data: { chat: res.chat, user_coins: res.user_coins },
      };
    },
  );

  app.post(
    '/chats/:id/typing',
    {
      ...auth,
      schema: { params: ZId, body: ZBody({ is_typing: z.boolean().default(true) }), tags },
    },
    async (req) => {
      await service.announceTyping(
        app,
        req.params.id,
        requireUser(req).id,
        req.body.is_typing ?? true,
      );
      return { success: true };
    },
  );
}
