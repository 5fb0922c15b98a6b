/**
 * Announcement calls (spec 1 §7, spec 2 §7): the public feed, the pricing, the member's own
 * list, publication and deletion.
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import {
  ZAnnouncementCost,
  ZAnnouncementId,
  ZCreateAnnouncementRequest,
  ZCreatedAnnouncement,
  ZFeedAnnouncement,
  ZFeedQuery,
  ZMyAnnouncement,
  ZMyAnnouncementsRequest,
} from '../announcements.js';
import { zText } from '../text.js';
import { defineRoute } from './define.js';

/** Calls that send only a token may send no body at all. */
const ZTokenBody = z.preprocess((v) => v ?? {}, z.object({ token: zText().optional() }));

export const announcementRoutes = {
  'announcements.feed': defineRoute('announcements.feed', {
    request: ZFeedQuery,
    response: pagedEnvelopeOf(ZFeedAnnouncement),
    errors: ['validation'],
  }),
  'announcements.cost': defineRoute('announcements.cost', {
    request: ZTokenBody,
    response: envelopeOf(ZAnnouncementCost),
    errors: [],
  }),
  'announcements.mine': defineRoute('announcements.mine', {
    request: ZMyAnnouncementsRequest,
    response: pagedEnvelopeOf(ZMyAnnouncement),
    errors: ['validation'],
  }),
  'announcements.create': defineRoute('announcements.create', {
    request: ZCreateAnnouncementRequest,
    response: envelopeOf(ZCreatedAnnouncement),
    status: 201,
    errors: [
      'validation',
      'announcement_rejected',
      'insufficient_coins',
      'rate_limited',
      'not_found',
    ],
  }),
  'announcements.delete': defineRoute('announcements.delete', {
    request: ZTokenBody,
    params: ZAnnouncementId,
    response: envelopeOf(z.never()),
    errors: ['validation', 'not_found'],
  }),
};
