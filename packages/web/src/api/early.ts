/**
 * The calls boot.ts starts before the signed-in code has loaded (the guard's check, the feed's
 * first page); the screens that make them take the answers on their way (api/transport.ts).
 * Only the zod-free call table reaches the first bundle from here.
 */
import type { RequestOf } from '@app/shared';
import { startEarlyCall } from './call';

export const startEarlyAuthStatus = () => startEarlyCall('auth.status', {});

export const startEarlyFeed = (input: RequestOf<'announcements.feed'>) =>
  startEarlyCall('announcements.feed', input);
