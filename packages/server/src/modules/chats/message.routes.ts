/**
 * Message calls of spec 2 §7 (under /api): text, image, audio, read, edit, delete; registered
 * from the shared route table (contract/chats.ts). Sends also take an optional `client_id`
 * (UUID) beyond the spec, for the offline outbox's retries.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AUDIO_MAX_BYTES, CHAT_MSG, PHOTO_MAX_BYTES } from '@app/shared';
import { withLog } from '../../deps.js';
import { requireUser } from '../../auth/require-user.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { contractRoute } from '../../http/contract-route.js';
import { AppError } from '../../errors.js';
import * as messages from './message.service.js';

const INVALID_CLIENT_ID = 'Identifiant de message invalide';
// The device's id for the message: a retry with the same one gets the stored message back.
const clientId = z.uuid({ error: INVALID_CLIENT_ID }).optional();

/** The chat, reply and client id of an upload form (CHAT_FORM in the contract). */
function formChatId(fields: Record<string, string>) {
  const id = Number(fields.chat_id);
  if (!Number.isInteger(id) || id <= 0)
    throw new AppError('validation', 'Discussion invalide', {
      fields: { chat_id: ['Discussion invalide'] },
    });
  const reply = Number(fields.reply_to_id);
  const client = clientId.safeParse(fields.client_id || undefined);
  if (!client.success)
    throw new AppError('validation', INVALID_CLIENT_ID, {
      fields: { client_id: [INVALID_CLIENT_ID] },
    });
  return {
    id,
    replyToId: Number.isInteger(reply) && reply > 0 ? reply : null,
    clientId: client.data,
  };
}

/** 201 for a new message (the route's status), 200 when the client id named a stored one. */
function answer(reply: FastifyReply, sent: messages.SendOutcome) {
  if (sent.replayed) void reply.status(200);
  return { success: true, data: sent.message };
}

export async function messageRoutes(app: FastifyInstance) {
  contractRoute(app, 'messages.text', async (body, req, reply) => {
    const sent = await messages.sendMessage(
      withLog(app.deps, req.log),
      body.chat_id,
      requireUser(req).id,
      {
        type: 'text',
        content: messages.cleanText(body.content),
        replyToId: body.reply_to_id,
        clientId: body.client_id,
      },
    );
    return answer(reply, sent);
  });

  contractRoute(app, 'messages.image', async (_input, req, reply) => {
    const form = await readAuthenticatedForm(app, req, reply, {
      maxFileBytes: PHOTO_MAX_BYTES,
      tooLargeMessage: CHAT_MSG.imageTooLarge,
    });
    const { id, replyToId, clientId } = formChatId(form.fields);
    if (!form.file)
      throw new AppError('validation', 'Veuillez sélectionner une image valide', {
        fields: { image: ['Veuillez sélectionner une image valide'] },
      });
    const sent = await messages.sendMessage(withLog(app.deps, req.log), id, requireUser(req).id, {
      type: 'image',
      content: messages.cleanText(form.fields.caption, { allowEmpty: true }),
      file: form.file.buffer,
      replyToId,
      clientId,
    });
    return answer(reply, sent);
  });

  contractRoute(app, 'messages.audio', async (_input, req, reply) => {
    const form = await readAuthenticatedForm(app, req, reply, {
      maxFileBytes: AUDIO_MAX_BYTES,
      tooLargeMessage: CHAT_MSG.audioTooLarge,
    });
    const { id, replyToId, clientId } = formChatId(form.fields);
    if (!form.file) throw new AppError('validation', CHAT_MSG.invalidAudio, { status: 415 });
    const sent = await messages.sendMessage(withLog(app.deps, req.log), id, requireUser(req).id, {
      type: 'audio',
      content: '',
      file: form.file.buffer,
      duration: form.fields.duration,
      replyToId,
      clientId,
    });
    return answer(reply, sent);
  });

  contractRoute(app, 'messages.read', async ({ id }, req) => ({
    success: true,
    data: { message_ids: await messages.readMessage(app.deps, id, requireUser(req).id) },
  }));

  contractRoute(app, 'messages.edit', async ({ id, content }, req) => ({
    success: true,
    message: CHAT_MSG.edited,
    data: await messages.editMessage(app.deps, id, requireUser(req).id, content),
  }));

  contractRoute(app, 'messages.delete', async ({ id }, req) => {
    await messages.deleteMessage(app.deps, id, requireUser(req).id);
    return { success: true, message: CHAT_MSG.deleted };
  });
}
