/** The announcements module's door: what the app and other modules may use of it. */
export { announcementRoutes } from './announcement.routes.js';
