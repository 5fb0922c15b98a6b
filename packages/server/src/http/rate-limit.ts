/**
 * Fixed-window rate limits for sensitive calls (login, sign-up, codes, password reset), per IP
 * and per account. Counters live in Redis when REDIS_URL is set (shared by every server copy),
 * otherwise in this process.
 */
import type { Redis } from 'ioredis';
import { MSG } from '@app/shared';
import { AppError } from '../errors.js';

export interface Limit {
  key: string;
  max: number;
  windowS: number;
}

export interface RateLimiter {
  /** Counts one hit on every limit; throws 429 when any is exceeded. */
  hit(...limits: Limit[]): Promise<void>;
}

export function createRateLimiter(redis: Redis | null, prefix = 'rl:'): RateLimiter {
  const memory = new Map<string, { count: number; resetAt: number }>();

  async function count(limit: Limit): Promise<{ count: number; ttlS: number }> {
    const key = `${prefix}${limit.key}`;
    if (redis) {
      const res = await redis.multi().incr(key).ttl(key).exec();
      const n = Number(res?.[0]?.[1] ?? 0);
      let ttl = Number(res?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await redis.expire(key, limit.windowS);
        ttl = limit.windowS;
      }
      return { count: n, ttlS: ttl };
    }
    const now = Date.now();
    let entry = memory.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + limit.windowS * 1000 };
      memory.set(key, entry);
      if (memory.size > 50_000) {
        for (const [k, v] of memory) if (v.resetAt <= now) memory.delete(k);
      }
    }
    entry.count += 1;
    return { count: entry.count, ttlS: Math.ceil((entry.resetAt - now) / 1000) };
  }

  return {
    async hit(...limits) {
      for (const limit of limits) {
        const { count: n, ttlS } = await count(limit);
        if (n > limit.max) {
          throw new AppError('rate_limited', MSG.rateLimited, {
            status: 429,
            extra: { retry_after: ttlS },
          });
        }
      }
    },
  };
}
