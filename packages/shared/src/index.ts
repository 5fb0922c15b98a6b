export * from './envelope.js';
export * from './messages.js';
export * from './constants.js';
export * from './realtime.js';
export * from './health.js';
export * from './auth.js';
export * from './notifications.js';
