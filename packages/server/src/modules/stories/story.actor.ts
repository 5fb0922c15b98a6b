/**
 * Who views or likes a story. A signed-in member is keyed by their id (once per member, ever).
 * A visitor without a token is keyed by an HMAC of the day, the IP and the browser's user
 * agent under the server secret: once per visitor and day, and neither the IP nor the browser
 * can be read back from what is stored.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { optionalViewerId } from '../../auth/optional-viewer.js';

export interface StoryActor {
  key: string;
  userId: number | null;
  /** For rate limits of visitors (kept in memory or Redis only, for the window). */
  ip: string;
}

export async function storyActor(
  deps: Pick<Deps, 'sessions' | 'secret' | 'clock'>,
  req: FastifyRequest,
): Promise<StoryActor> {
  const userId = await optionalViewerId(deps, req);
  if (userId !== null) return { key: `m:${userId}`, userId, ip: req.ip };
  const day = deps.clock.now().toISOString().slice(0, 10);
  const agent = req.headers['user-agent'] ?? '';
  const digest = crypto
    .createHmac('sha256', deps.secret)
    .update(`story-visitor|${day}|${req.ip}|${agent}`)
    .digest('base64url');
  return { key: `v:${digest}`, userId: null, ip: req.ip };
}
