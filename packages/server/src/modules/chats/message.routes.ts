/** Message calls of spec 2 §7 (under /api): text, image, audio, read, edit, delete. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIO_MAX_BYTES, CHAT_MSG, PHOTO_MAX_BYTES } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { AppError } from '../../errors.js';
import * as messages from './message.service.js';

const token = { token: z.string().optional() };
const ZId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const chatId = z.coerce.number({ error: 'Discussion invalide' }).int().positive();
const replyTo = z.coerce.number().int().positive().optional().nullable();

function formChatId(fields: Record<string, string>) {
  const id = Number(fields.chat_id);
  if (!Number.isInteger(id) || id <= 0)
    throw new AppError('validation', 'Discussion invalide', {
      fields: { chat_id: ['Discussion invalide'] },
    });
  const reply = Number(fields.reply_to_id);
  return { id, replyToId: Number.isInteger(reply) && reply > 0 ? reply : null };
}

export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['messages'];

  app.post(
    '/messages/text',
    {
      ...auth,
      schema: {
        body: z.object({
          ...token,
          chat_id: chatId,
          content: z.string({ error: CHAT_MSG.empty }),
          reply_to_id: replyTo,
        }),
        tags,
      },
    },
    async (req, reply) => {
      const data = await messages.sendMessage(app, req.body.chat_id, requireUser(req).id, {
        type: 'text',
        content: messages.cleanText(req.body.content),
        replyToId: req.body.reply_to_id,
      });
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/messages/image',
    { schema: { tags, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: PHOTO_MAX_BYTES,
        tooLargeMessage: CHAT_MSG.imageTooLarge,
      });
      const { id, replyToId } = formChatId(form.fields);
      if (!form.file)
        throw new AppError('validation', 'Veuillez sélectionner une image valide', {
          fields: { image: ['Veuillez sélectionner une image valide'] },
        });
      const data = await messages.sendMessage(app, id, requireUser(req).id, {
        type: 'image',
        content: messages.cleanText(form.fields.caption, { allowEmpty: true }),
        file: form.file.buffer,
        replyToId,
      });
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/messages/audio',
    { schema: { tags, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: AUDIO_MAX_BYTES,
        tooLargeMessage: CHAT_MSG.audioTooLarge,
      });
      const { id, replyToId } = formChatId(form.fields);
      if (!form.file) throw new AppError('validation', CHAT_MSG.invalidAudio, { status: 415 });
      const data = await messages.sendMessage(app, id, requireUser(req).id, {
        type: 'audio',
        content: '',
        file: form.file.buffer,
        duration: form.fields.duration,
        replyToId,
      });
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/messages/:id/read',
    { ...auth, schema: { params: ZId, body: z.object(token).default({}), tags } },
    async (req) => ({
      success: true,
      data: { message_ids: await messages.readMessage(app, req.params.id, requireUser(req).id) },
    }),
  );

  app.put(
    '/messages/:id/edit',
    {
      ...auth,
      schema: {
        params: ZId,
        body: z.object({ ...token, content: z.string({ error: CHAT_MSG.empty }) }),
        tags,
      },
    },
    async (req) => ({
      success: true,
      message: CHAT_MSG.edited,
      data: await messages.editMessage(app, req.params.id, requireUser(req).id, req.body.content),
    }),
  );

  app.delete('/messages/:id', { ...auth, schema: { params: ZId, tags } }, async (req) => {
    await messages.deleteMessage(app, req.params.id, requireUser(req).id);
    return { success: true, message: CHAT_MSG.deleted };
  });
}
