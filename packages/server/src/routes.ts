/** Every API module, mounted under /api. Each feature adds one line here. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/index.js';
import { authRoutes } from './modules/auth/index.js';
import { profileRoutes } from './modules/profiles/index.js';
import { photoRoutes } from './modules/photos/index.js';
import { verificationRoutes } from './modules/verification/index.js';
import { geoRoutes } from './modules/geo/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { announcementRoutes } from './modules/announcements/index.js';
import {
  chatEvidence,
  chatRoutes,
  findChatOfMember,
  mediaRoutes,
  messageRoutes,
  presenceRoutes,
  statusVisibilityChanged,
} from './modules/chats/index.js';
import { safetyRoutes } from './modules/safety/index.js';
import {
  adminAnnouncementRoutes,
  adminDashboardRoutes,
  adminMemberRoutes,
  adminPaymentRoutes,
  adminPromotionRoutes,
  adminReportRoutes,
  adminScamRoutes,
  adminStoryTicketRoutes,
} from './modules/admin/index.js';
import { swipeRoutes } from './modules/swipes/index.js';
import { locationRoutes } from './modules/nearby/index.js';
import { paymentRoutes, providerRoutes } from './modules/payments/index.js';
import { socialRoutes } from './modules/coins/index.js';
import { profileUpdateRoutes } from './modules/profiles/index.js';
import { accountRoutes } from './modules/account/index.js';
import { supportRoutes } from './modules/support/index.js';
import { storyRoutes } from './modules/stories/index.js';
import { callRoutes, cutCallsBetween } from './modules/calls/index.js';
import { privacyRoutes } from './modules/privacy/index.js';

export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(photoRoutes);
  await app.register(verificationRoutes);
  await app.register(geoRoutes);
  await app.register(notificationRoutes, { findChatOfMember });
  await app.register(announcementRoutes);
  await app.register(chatRoutes);
  await app.register(messageRoutes);
  await app.register(presenceRoutes);
  await app.register(mediaRoutes);
  await app.register(safetyRoutes, { chatEvidence, onBlock: cutCallsBetween });
  await app.register(adminMemberRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminScamRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminAnnouncementRoutes);
  await app.register(adminStoryTicketRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(swipeRoutes);
  await app.register(locationRoutes);
  await app.register(paymentRoutes);
  await app.register(providerRoutes);
  await app.register(socialRoutes);
  await app.register(profileUpdateRoutes);
  await app.register(accountRoutes);
  await app.register(supportRoutes);
  await app.register(storyRoutes);
  await app.register(callRoutes);
  await app.register(privacyRoutes, { statusVisibilityChanged });
}
