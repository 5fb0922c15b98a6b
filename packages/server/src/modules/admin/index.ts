/**
 * The moderation console's door: what the rest of the server may use. The app registers the
 * console's routes from here, and the admin-create command writes its audit row through `audit`.
 * (The staff guards the route table runs live in auth/staff-guards.ts.)
 */
export { adminMemberRoutes } from './members.routes.js';
export { adminReportRoutes } from './reports.routes.js';
export { adminScamRoutes } from './scams.routes.js';
export { adminDashboardRoutes } from './dashboard.routes.js';
export { adminAnnouncementRoutes } from './announcements.routes.js';
export { adminStoryTicketRoutes } from './stories-tickets.routes.js';
export { adminPaymentRoutes } from './payments.routes.js';
export { adminPromotionRoutes } from './promotions.routes.js';
export { audit } from './staff.js';
