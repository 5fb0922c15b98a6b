/** Numbers of the chat screens (spec 2 §9), and a few timings of ours (marked). */
export const SWIPE_LEAVE_PX = 80;
export const SWIPE_MAX_PX = 100;
export const CHAT_AVATAR_PX = 56;
export const COMPOSER_MAX_PX = 120;
export const IMAGE_PREVIEW_MAX_PX = 250;
export const CONFETTI_PIECES = 200;
export const CONFETTI_MS = 3_000;

// Ours: short waits that batch calls on a costly network.
export const READ_DEBOUNCE_MS = 400;
export const DRAFT_SAVE_MS = 300;
/** Typing stops being announced after this long without a keystroke. */
export const TYPING_IDLE_MS = 5_000;
/** The other member's typing indicator disappears if no news came for this long. */
export const TYPING_REMOTE_TIMEOUT_MS = 8_000;
/**
 * Photos are shrunk before upload (mobile data). The server keeps nothing larger than 1080 px
 * (its `full` variant, WebP quality 78): pixels or quality beyond that are bytes paid for nothing.
 * On mobile data or with « Économie de données », lighter still: 800 px is more than a phone's
 * viewer shows at its width, and the member pays for every kilobyte sent.
 */
export const UPLOAD_IMAGE_MAX_PX = 1080;
export const UPLOAD_IMAGE_QUALITY = 0.78;
export const UPLOAD_IMAGE_LIGHT_MAX_PX = 800;
export const UPLOAD_IMAGE_LIGHT_QUALITY = 0.6;
/** The search in a conversation asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 350;
/** A message reached from the search stays highlighted this long. */
export const SEARCH_FLASH_MS = 2_000;
