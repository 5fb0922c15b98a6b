/**
 * Message calls of spec 2 §7 (under /api): text, image, audio, read, edit, delete. Sends also
 * take an optional `client_id` (UUID) beyond the spec, for the offline outbox's retries.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIO_MAX_BYTES, CHAT_MSG, PHOTO_MAX_BYTES } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { multipartForm, type FormField } from '../../http/openapi.js';
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
const INVALID_CLIENT_ID = 'Identifiant de message invalide';
// The device's id for the message: a retry with the same one gets the stored message back.
const clientId = z.uuid({ error: INVALID_CLIENT_ID }).optional();

/** The fields both chat uploads share, read by formChatId. */
const CHAT_FORM: Record<string, FormField> = {
  chat_id: { description: 'La discussion', required: true },
  reply_to_id: { description: 'Le message auquel on répond, facultatif' },
  client_id: {
    description: 'Identifiant choisi par l’appareil : un renvoi ne double pas le message',
  },
};

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

/** 201 for a new message, 200 when the client id named one already stored. */
const answer = (reply: FastifyReply, sent: messages.SendOutcome) =>
  reply.status(sent.replayed ? 200 : 201).send({ success: true, data: sent.message });

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
          client_id: clientId,
        }),
        tags,
      },
    },
    async (req, reply) => {
      const sent = await messages.sendMessage(app, req.body.chat_id, requireUser(req).id, {
        type: 'text',
        content: messages.cleanText(req.body.content),
        replyToId: req.body.reply_to_id,
        clientId: req.body.client_id,
      });
      return answer(reply, sent);
    },
  );

  app.post(
    '/messages/image',
    multipartForm(tags, {
      ...CHAT_FORM,
      image: { description: 'La photo (image, 5 Mo au plus)', file: true, required: true },
      caption: { description: 'Légende facultative' },
    }),
    async (req, reply) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: PHOTO_MAX_BYTES,
        tooLargeMessage: CHAT_MSG.imageTooLarge,
      });
      const { id, replyToId, clientId } = formChatId(form.fields);
      if (!form.file)
        throw new AppError('validation', 'Veuillez sélectionner une image valide', {
          fields: { image: ['Veuillez sélectionner une image valide'] },
        });
      const sent = await messages.sendMessage(app, id, requireUser(req).id, {
        type: 'image',
        content: messages.cleanText(form.fields.caption, { allowEmpty: true }),
        file: form.file.buffer,
        replyToId,
        clientId,
      });
      return answer(reply, sent);
    },
  );

  app.post(
    '/messages/audio',
    multipartForm(tags, {
      ...CHAT_FORM,
      audio: { description: 'L’enregistrement (webm ou wav)', file: true, required: true },
      duration: { description: 'Durée annoncée en secondes (la durée lue dans le fichier prime)' },
    }),
    async (req, reply) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: AUDIO_MAX_BYTES,
        tooLargeMessage: CHAT_MSG.audioTooLarge,
      });
      const { id, replyToId, clientId } = formChatId(form.fields);
      if (!form.file) throw new AppError('validation', CHAT_MSG.invalidAudio, { status: 415 });
      const sent = await messages.sendMessage(app, id, requireUser(req).id, {
        type: 'audio',
        content: '',
        file: form.file.buffer,
        duration: form.fields.duration,
        replyToId,
        clientId,
      });
      return answer(reply, sent);
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
