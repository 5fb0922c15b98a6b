import { defineConfig } from 'vitest/config';
import e2e from './vitest.e2e.config.ts';

// The realtime, chat, notification, payment and voice call flows again on the real stack (npm run
// test:e2e:stack sets E2E_STACK=real): PostgreSQL, Redis, two server copies behind Caddy running
// the project's deploy/Caddyfile (see e2e/support/real-stack.ts and caddy-front.ts).
// Spread rather than mergeConfig, which would add this list to the whole suite's pattern.
export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    include: [
      'e2e/realtime-stack.e2e.ts',
      'e2e/chat.e2e.ts',
      'e2e/chat-lock.e2e.ts',
      'e2e/chat-media.e2e.ts',
      'e2e/offline-chat.e2e.ts',
      'e2e/notifications.e2e.ts',
      'e2e/payments.e2e.ts',
      'e2e/buy-coins-otp.e2e.ts',
      'e2e/calls.e2e.ts',
    ],
  },
});
