/**
 * The notifications module's door: its routes, the notify factories the app builds Deps with,
 * and what other modules use (a chat's opening reads its message notifications). Everything
 * else in this folder is private to the module.
 */
export { notificationRoutes } from './notification.routes.js';
export { createNotify, createNotifyMany } from './notify.js';
export { markChatNotificationsRead } from './notification.repository.js';
export { reviseChatMessagePreview } from './chat-message-notification.js';
export { pushSubscriptionStore } from './push-subscriptions.repository.js';
