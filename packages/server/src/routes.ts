/** Every API module, mounted under /api. Each feature adds one line here. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { profileRoutes } from './modules/profiles/profile.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { notificationRoutes } from './modules/notifications/notification.routes.js';
import { announcementRoutes } from './modules/announcements/announcement.routes.js';
import { chatRoutes } from './modules/chats/chat.routes.js';
import { messageRoutes } from './modules/chats/message.routes.js';
import { presenceRoutes } from './modules/chats/presence.routes.js';
import { mediaRoutes } from './modules/chats/media.routes.js';
import { safetyRoutes } from './modules/safety/safety.routes.js';
import { adminMemberRoutes } from './modules/admin/members.routes.js';
import { adminReportRoutes } from './modules/admin/reports.routes.js';
import { adminDashboardRoutes } from './modules/admin/dashboard.routes.js';
import { swipeRoutes } from './modules/swipes/swipe.routes.js';
import { locationRoutes } from './modules/nearby/location.routes.js';

export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(geoRoutes);
  await app.register(notificationRoutes);
  await app.register(announcementRoutes);
  await app.register(chatRoutes);
  await app.register(messageRoutes);
  await app.register(presenceRoutes);
  await app.register(mediaRoutes);
  await app.register(safetyRoutes);
  await app.register(adminMemberRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(swipeRoutes);
  await app.register(locationRoutes);
}
