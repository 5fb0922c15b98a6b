/** Business constants named after the specification (spec 1 §9, spec 2 §9). */
export const TOKEN_STORAGE_KEY = 'token';
export const NOTIFICATION_BADGE_CAP = 9;
export const BLOCKED_CHECK_INTERVAL_MS = 30_000;
export const REALTIME_RECONNECT_DELAY_MS = 5_000;
export const REALTIME_RECONNECT_ATTEMPTS = 10;
/**
 * Socket.IO transports in the order the web client tries them: a WebSocket first, which one
 * server copy holds from start to end, so any load balancer works without sticky sessions;
 * long-polling only when the WebSocket fails (its requests must all reach one copy: sticky).
 */
export const REALTIME_TRANSPORTS = ['websocket', 'polling'] as const;
export const PRESENCE_HEARTBEAT_MS = 15_000;

export const TOAST_DURATION_MS = {
  error: 5_000,
  success: 3_000,
  warning: 4_000,
  info: 4_000,
} as const;
export type TToastKind = keyof typeof TOAST_DURATION_MS;

export const DEFAULT_POSITION = { lat: 12.3714, lng: -1.5197 } as const;
export const POLICIES_LAST_UPDATE = '8 septembre 2025';
export const SUPPORT_EMAIL = 'support@rencontre.bf';
