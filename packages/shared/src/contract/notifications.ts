/**
 * Notification calls (spec 1 §3, §7): the member's list with its unread count, marking one or
 * all read (answering the count after), Web Push's key and subscriptions, and the channel
 * authorisation that maps a channel to its Socket.IO room.
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import {
  ZChannelAuthRequest,
  ZChannelRoom,
  ZMarkReadRequest,
  ZNotification,
  ZNotificationsRequest,
  ZPushSubscribeRequest,
  ZPushUnsubscribeRequest,
} from '../notifications.js';
import { defineRoute } from './define.js';

const withUnread = () => envelopeOf(z.never()).extend({ unread_count: z.number().int() });

export const notificationRoutes = {
  'notifications.list': defineRoute('notifications.list', {
    request: ZNotificationsRequest,
    response: pagedEnvelopeOf(ZNotification).extend({ unread_count: z.number().int() }),
    errors: ['validation'],
  }),
  'notifications.markRead': defineRoute('notifications.markRead', {
    request: ZMarkReadRequest,
    response: withUnread(),
    errors: ['validation', 'not_found'],
  }),
  'notifications.markAllRead': defineRoute('notifications.markAllRead', {
    response: withUnread(),
    errors: [],
  }),
  'push.publicKey': defineRoute('push.publicKey', {
    response: envelopeOf(z.object({ public_key: z.string() })),
    errors: [],
  }),
  'push.subscribe': defineRoute('push.subscribe', {
    request: ZPushSubscribeRequest,
    response: envelopeOf(z.never()),
    errors: ['validation', 'conflict'],
  }),
  'push.unsubscribe': defineRoute('push.unsubscribe', {
    request: ZPushUnsubscribeRequest,
    response: envelopeOf(z.never()),
    errors: ['validation'],
  }),
  'notifications.channelAuth': defineRoute('notifications.channelAuth', {
    request: ZChannelAuthRequest,
    response: envelopeOf(ZChannelRoom),
    errors: ['validation', 'forbidden', 'chat_not_found'],
  }),
};
