/**
 * Voice call calls (issue 30): start a call from a chat, answer, decline, hang up, read one,
 * report what the relay carried, and fetch short-lived TURN credentials. The signals between
 * the two devices (descriptions, ICE candidates) go over the realtime socket instead.
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { ZCall, ZCallWithPeer, ZTurnCredentials } from '../calls.js';
import { zText } from '../text.js';
import { defineRoute } from './define.js';

const token = { token: zText().optional() };
const ZTokenOnly = z.preprocess(
  (v: { token?: string } | null | undefined) => v ?? {},
  z.object({ ...token }),
);
const ZCallId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const bytes = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 40);
const CALL_ERRORS = ['validation', 'not_found', 'conflict'] as const;

export const callRoutes = {
  'calls.start': defineRoute('calls.start', {
    request: z.object({
      ...token,
      chat_id: z.coerce.number({ error: 'Discussion invalide' }).int().positive(),
    }),
    response: envelopeOf(ZCallWithPeer),
    status: 201,
    errors: [
      'validation',
      'chat_not_found',
      'blocked',
      'chat_hold',
      'calls_off',
      'call_not_open',
      'busy',
      'rate_limited',
      'unavailable',
    ],
    summary: "Appeler l'autre membre d'une discussion (sonne 30 s sur ses appareils)",
  }),
  'calls.get': defineRoute('calls.get', {
    params: ZCallId,
    response: envelopeOf(ZCallWithPeer),
    errors: ['validation', 'not_found'],
  }),
  'calls.answer': defineRoute('calls.answer', {
    request: ZTokenOnly,
    params: ZCallId,
    response: envelopeOf(ZCallWithPeer),
    errors: CALL_ERRORS,
  }),
  'calls.decline': defineRoute('calls.decline', {
    request: ZTokenOnly,
    params: ZCallId,
    response: envelopeOf(ZCall),
    errors: CALL_ERRORS,
  }),
  'calls.hangup': defineRoute('calls.hangup', {
    request: ZTokenOnly,
    params: ZCallId,
    response: envelopeOf(ZCall),
    errors: CALL_ERRORS,
  }),
  'calls.stats': defineRoute('calls.stats', {
    request: z.object({ ...token, bytes_sent: bytes, bytes_received: bytes }),
    params: ZCallId,
    response: envelopeOf(z.null()),
    errors: CALL_ERRORS,
    summary: 'Ce que le relais a transporté pour ce membre (lu dans getStats), pour les mesures',
  }),
  'calls.turn': defineRoute('calls.turn', {
    request: ZTokenOnly,
    response: envelopeOf(ZTurnCredentials),
    errors: ['unavailable'],
    summary: 'Identifiants TURN de courte durée (secret partagé de coturn)',
  }),
};
