/**
 * Chat calls of spec 2 §7 (under /api): list, create, details, messages, search, read, mute,
 * leave, unmatch (ours), unlock, typing; registered from the shared route table (contract/chats.ts).
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_MSG, MESSAGES_PAGE_SIZE } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import * as service from './chat.service.js';
import { unmatchChat } from './unmatch.service.js';
import * as messages from './message.service.js';

export async function chatRoutes(app: FastifyInstance) {
  contractRoute(app, 'chats.list', async ({ page }, req) => ({
    success: true,
    ...(await service.listChats(app.deps, requireUser(req).id, page)),
  }));

  contractRoute(app, 'chats.create', async ({ other_user_id }, req, reply) => {
    const { chatId, created } = await service.createChat(
      app.deps,
      requireUser(req).id,
      other_user_id,
    );
    if (!created) void reply.status(200);
    return { success: true, data: { chat_id: chatId } };
  });

  contractRoute(app, 'chats.details', async ({ id }, req) => ({
    success: true,
    data: await service.getChatDetails(app.deps, id, requireUser(req).id),
  }));

  contractRoute(app, 'chats.messages', async (input, req) => ({
    success: true,
    ...(await messages.listMessages(app.deps, input.id, requireUser(req).id, {
      beforeId: input.before_id ?? null,
      page: input.page,
      perPage: input.per_page ?? MESSAGES_PAGE_SIZE,
    })),
  }));

  contractRoute(app, 'chats.search', async ({ id, query, page }, req) => ({
    success: true,
    ...(await messages.searchMessages(app.deps, id, requireUser(req).id, query, page)),
  }));

  contractRoute(app, 'chats.read', async ({ id }, req) => ({
    success: true,
    data: { message_ids: await service.readChat(app.deps, id, requireUser(req).id) },
  }));

  contractRoute(app, 'chats.mute', async ({ id, muted }, req) => {
    const now = await service.setChatMuted(app.deps, id, requireUser(req).id, muted);
    return {
      success: true,
      message: now ? CHAT_MSG.muted : CHAT_MSG.unmuted,
      data: { muted: now },
    };
  });

  contractRoute(app, 'chats.leave', async ({ id }, req) => {
    await service.leaveChat(app.deps, id, requireUser(req).id);
    return { success: true, message: CHAT_MSG.left };
  });

  contractRoute(app, 'chats.unmatch', async ({ id }, req) => {
    await unmatchChat(app.deps, id, requireUser(req).id);
    return { success: true, message: CHAT_MSG.unmatched };
  });

  contractRoute(app, 'chats.unlock', async ({ id }, req) => {
    const res = await service.unlockChat(app.deps, id, requireUser(req).id);
    return {
      success: true,
      message: CHAT_MSG.unlocked,
      data: { chat: res.chat, user_coins: res.user_coins },
    };
  });

  contractRoute(app, 'chats.typing', async ({ id, is_typing }, req) => {
    await service.announceTyping(app.deps, id, requireUser(req).id, is_typing);
    return { success: true };
  });
}
