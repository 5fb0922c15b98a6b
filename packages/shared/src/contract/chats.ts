/**
 * Chat, message and presence calls (spec 2 §7 "Chat and presence"), and the signed media link
 * of chat photos and voice messages. Bodies whose fields are all optional accept no body at all
 * (the spec's calls often send only the token). Sends take an optional `client_id` (UUID)
 * beyond the spec, for the offline outbox's retries: a retry answers 200 with the stored message.
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf, ZPagination } from '../envelope.js';
import {
  CHAT_MSG,
  MESSAGES_PAGE_SIZE,
  ZChatDetails,
  ZChatMessage,
  ZChatSummary,
} from '../chats.js';
import { zText } from '../text.js';
import { defineRoute, type FormField } from './define.js';
import type { ApiErrorCode } from './errors.js';

const token = { token: zText().optional() };
/** A JSON body whose fields are all optional; a missing body counts as {}. */
const optionalBody = <S extends z.ZodRawShape>(shape: S) => {
  const body = z.object({ ...token, ...shape });
  // Typed input: the web's `call` sees the fields, not `unknown`.
  return z.preprocess((v: z.input<typeof body> | null | undefined) => v ?? {}, body);
};
const ZNoBody = optionalBody({});
const ZId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const INVALID_CLIENT_ID = 'Identifiant de message invalide';
const dataOnly = envelopeOf(z.never());

/** Refusals of any call on one chat: not a member of it (404), bad id. */
const CHAT_ERRORS = ['validation', 'chat_not_found'] as const satisfies readonly ApiErrorCode[];
/** Refusals of a send, on top of the chat's own. */
const SEND_ERRORS = [
  ...CHAT_ERRORS,
  'chat_locked',
  // the other member closed the chat (« Ne plus voir ce profil »)
  'forbidden',
  'gone',
  'not_found',
  'client_id_taken',
  'rate_limited',
] as const satisfies readonly ApiErrorCode[];
const MESSAGE_ERRORS = ['validation', 'not_found', 'forbidden'] as const;

/** The fields both chat uploads share. */
const CHAT_FORM: Record<string, FormField> = {
  chat_id: { description: 'La discussion', required: true },
  reply_to_id: { description: 'Le message auquel on répond, facultatif' },
  client_id: {
    description: "Identifiant choisi par l'appareil : un renvoi ne double pas le message",
  },
};

export const chatRoutes = {
  'chats.list': defineRoute('chats.list', {
    request: optionalBody({ page }),
    response: pagedEnvelopeOf(ZChatSummary),
    errors: ['validation'],
  }),
  'chats.create': defineRoute('chats.create', {
    request: z.object({
      ...token,
      other_user_id: z.coerce
        .number({ error: 'Profil invalide pour créer un chat' })
        .int()
        .positive(),
    }),
    response: envelopeOf(z.object({ chat_id: z.number() })),
    status: 201,
    existingStatus: 200,
    errors: ['validation', 'not_found', 'blocked', 'chat_hold', 'messaging_restricted'],
  }),
  'chats.details': defineRoute('chats.details', {
    request: ZNoBody,
    params: ZId,
    response: envelopeOf(ZChatDetails),
    errors: CHAT_ERRORS,
  }),
  // Spec 2 §7: {page, per_page default 20}, page 1 the newest messages. Beyond the spec,
  // before_id (a cursor, stable while messages arrive); with both, pages count back from it.
  'chats.messages': defineRoute('chats.messages', {
    request: optionalBody({
      page,
      per_page: z.coerce.number().int().min(1).max(50).default(MESSAGES_PAGE_SIZE),
      before_id: z.coerce.number().int().positive().optional(),
    }),
    params: ZId,
    response: envelopeOf(z.array(ZChatMessage)).extend({
      pagination: ZPagination.extend({ next_before_id: z.number().nullable() }),
    }),
    errors: CHAT_ERRORS,
  }),
  'chats.search': defineRoute('chats.search', {
    request: z.object({ ...token, query: zText().trim().min(1, 'Recherche vide').max(100), page }),
    params: ZId,
    response: pagedEnvelopeOf(ZChatMessage),
    errors: CHAT_ERRORS,
  }),
  'chats.read': defineRoute('chats.read', {
    request: ZNoBody,
    params: ZId,
    response: envelopeOf(z.object({ message_ids: z.array(z.number()) })),
    errors: CHAT_ERRORS,
  }),
  'chats.mute': defineRoute('chats.mute', {
    request: optionalBody({ muted: z.boolean().optional() }),
    params: ZId,
    response: envelopeOf(z.object({ muted: z.boolean() })),
    errors: CHAT_ERRORS,
  }),
  'chats.leave': defineRoute('chats.leave', {
    request: ZNoBody,
    params: ZId,
    response: dataOnly,
    errors: CHAT_ERRORS,
  }),
  // Beyond the spec: leaves the chat for good, undoes the match and hides the other member
  // from the caller's swipes and nearby (and the caller from theirs).
  'chats.unmatch': defineRoute('chats.unmatch', {
    request: ZNoBody,
    params: ZId,
    response: dataOnly,
    errors: CHAT_ERRORS,
  }),
  'chats.unlock': defineRoute('chats.unlock', {
    request: ZNoBody,
    params: ZId,
    response: envelopeOf(z.object({ chat: ZChatDetails, user_coins: z.number() })),
    errors: [...CHAT_ERRORS, 'insufficient_coins', 'forbidden'],
  }),
  'chats.typing': defineRoute('chats.typing', {
    request: optionalBody({ is_typing: z.boolean().default(true) }),
    params: ZId,
    response: dataOnly,
    errors: CHAT_ERRORS,
  }),
  'messages.text': defineRoute('messages.text', {
    request: z.object({
      ...token,
      chat_id: z.coerce.number({ error: 'Discussion invalide' }).int().positive(),
      content: zText({ error: CHAT_MSG.empty }),
      reply_to_id: z.coerce.number().int().positive().optional().nullable(),
      client_id: z.uuid({ error: INVALID_CLIENT_ID }).optional(),
    }),
    response: envelopeOf(ZChatMessage),
    status: 201,
    existingStatus: 200,
    errors: SEND_ERRORS,
  }),
  'messages.image': defineRoute('messages.image', {
    multipart: {
      ...CHAT_FORM,
      image: { description: 'La photo (image, 5 Mo au plus)', file: true, required: true },
      caption: { description: 'Légende facultative' },
    },
    response: envelopeOf(ZChatMessage),
    status: 201,
    existingStatus: 200,
    errors: [...SEND_ERRORS, 'unauthenticated', 'too_large', 'invalid_image'],
  }),
  'messages.audio': defineRoute('messages.audio', {
    multipart: {
      ...CHAT_FORM,
      audio: { description: "L'enregistrement (webm ou wav)", file: true, required: true },
      duration: { description: 'Durée annoncée en secondes (la durée lue dans le fichier prime)' },
    },
    response: envelopeOf(ZChatMessage),
    status: 201,
    existingStatus: 200,
    errors: [...SEND_ERRORS, 'unauthenticated', 'too_large', 'invalid_audio', 'audio_too_long'],
  }),
  'messages.read': defineRoute('messages.read', {
    request: ZNoBody,
    params: ZId,
    response: envelopeOf(z.object({ message_ids: z.array(z.number()) })),
    errors: ['validation', 'not_found'],
  }),
  'messages.edit': defineRoute('messages.edit', {
    request: z.object({ ...token, content: zText({ error: CHAT_MSG.empty }) }),
    params: ZId,
    response: envelopeOf(ZChatMessage),
    errors: [...MESSAGE_ERRORS, 'chat_locked'],
  }),
  'messages.delete': defineRoute('messages.delete', {
    params: ZId,
    response: dataOnly,
    errors: [...MESSAGE_ERRORS, 'already_read'],
  }),
  'realtime.forceOnline': defineRoute('realtime.forceOnline', {
    response: envelopeOf(z.object({ is_online: z.boolean() })),
    errors: [],
  }),
  // Shown offline to chat partners until the next sign of life, even with a socket connected.
  'realtime.markOffline': defineRoute('realtime.markOffline', {
    response: envelopeOf(z.object({ is_online: z.boolean() })),
    errors: [],
  }),
  // The file itself, not JSON: its body is described by its Content-Type header alone, so the
  // schema says only "any bytes", and the call stays out of the API docs as before (its signed
  // link, not a session, is the key). A bad or expired link answers 404 'Fichier introuvable'.
  'media.file': defineRoute('media.file', {
    request: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    params: z.object({ '*': z.string() }),
    response: z.unknown(),
    errors: ['not_found'],
    hidden: true,
    summary: "Photo ou message vocal d'une discussion, derrière un lien signé qui expire",
  }),
};
