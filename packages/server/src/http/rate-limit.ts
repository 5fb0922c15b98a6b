/**
 * Fixed-window rate limits for sensitive calls (login, sign-up, codes, password reset), keyed
 * by address, account, e-mail or device, counted by rate-limiter-flexible. Counters live in Redis
 * when REDIS_URL is set (shared by every server copy), otherwise in this process — and in this
 * process too while Redis is away (its in-memory insurance limiter), so an outage slows nobody
 * down and lets no flood through.
 */
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisLink } from '../adapters/redis/redis-link.js';
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
  /**
   * Takes back one hit on every limit, within its window: for calls counted before their outcome
   * is known (a sign-in is a wrong password until the password proves right).
   */
  release(...limits: Limit[]): Promise<void>;
}

const limited = (ttlS: number) =>
  new AppError('rate_limited', MSG.rateLimited, { status: 429, extra: { retry_after: ttlS } });

/** The in-memory limiter Redis falls back on: each use of it is an outage worth logging. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(opts);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.onUse();
    return super.get(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.onUse();
    return super.reward(...args);
  }
}

export function createRateLimiter(link: RedisLink | null, prefix = 'rl:'): RateLimiter {
  // One counter per size of limit; keys carry our prefix whole (no library prefix added).
  const bySize = new Map<string, RateLimiterAbstract>();

  function limiterFor({ max, windowS }: Limit): RateLimiterAbstract {
    const size = `${max}/${windowS}`;
    let limiter = bySize.get(size);
    if (!limiter) {
      const opts = { points: max, duration: windowS, keyPrefix: '' };
      limiter = link
        ? new RateLimiterRedis({
            ...opts,
            storeClient: link.client,
            // Away means away: straight to this process, no command sent to a closed link.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new InsuranceLimiter(opts, () => link.noteFallback('rate-limit')),
          })
        : new RateLimiterMemory(opts);
      bySize.set(size, limiter);
    }
    return limiter;
  }

  async function count(limit: Limit) {
    try {
      await limiterFor(limit).consume(`${prefix}${limit.key}`);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }

  async function uncount(limit: Limit) {
    const limiter = limiterFor(limit);
    const key = `${prefix}${limit.key}`;
    // Only a live counter above zero: a reward on nothing would start a counter at -1.
    const current = await limiter.get(key);
    if (current && current.consumedPoints > 0 && current.msBeforeNext > 0) {
      await limiter.reward(key);
    }
  }

  return {
    async hit(...limits) {
      for (const limit of limits) await count(limit);
    },
    async release(...limits) {
      for (const limit of limits) await uncount(limit);
    },
  };
}
