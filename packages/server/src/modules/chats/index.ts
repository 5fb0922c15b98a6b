/**
 * The chats module's door: what the app and other modules may use. Everything else in this
 * folder (repositories, presenters, services' helpers) is private to the module.
 */
export { chatRoutes } from './chat.routes.js';
export { messageRoutes } from './message.routes.js';
export { presenceRoutes } from './presence.routes.js';
export { mediaRoutes } from './media.routes.js';
export { registerChatSockets } from './chat.realtime.js';
export { ensureMatchChat } from './create-match-chat.js';
export { findChatIdForPair } from './chat.repository.js';
export { findChatOfMember } from './chat.service.js';
export { chatEvidence } from './chat-evidence.js';
export { photoOf } from './chat.presenter.js';
export { removeMessageMedia } from './message.service.js';
export { findChatHold } from './scam-shield.repository.js';
export { addCallLine } from './call-line.js';
export { isHeld } from './scam-shield.js';
export { statusVisibilityChanged } from './presence.js';
