/**
 * Rate limits as a caller meets them: the max-th call passes and the next is a 429 telling when
 * to retry, a window ends, a hit taken back frees one call and never more, each limit of a call
 * counts on its own; in this process, in Redis (TEST_REDIS_URL), and in this process while Redis
 * is away. Also the account limits' sizes (auth.limits.ts). Part of the rate-limits module of
 * npm run test:mutation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { MSG } from '@app/shared';
import { createRedisLink, type RedisLink } from '../../src/adapters/redis/redis-link.js';
import { createRateLimiter, type Limit, type RateLimiter } from '../../src/http/rate-limit.js';
import {
  codeLimits,
  loginAddressLimit,
  signupLimits,
  wrongPasswordLimits,
} from '../../src/modules/auth/auth.limits.js';
import { silentLog, TEST_REDIS_URL } from '../helpers.js';

const refusalOf = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

/** Calls `hit` until it is refused; answers how many passed (at most `cap`). */
async function passes(limiter: RateLimiter, limits: Limit[], cap = 700) {
  for (let i = 0; i < cap; i += 1) {
    if (await refusalOf(limiter.hit(...limits))) return i;
  }
  return cap;
}

describe('rate limits in this process', () => {
  afterEach(() => vi.useRealTimers());
  const T0 = Date.UTC(2026, 4, 1, 9);

  it('let max calls through, then answer 429 with the seconds left in the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const limiter = createRateLimiter(null);
    const limit = { key: 'a', max: 3, windowS: 60 };
    for (let i = 0; i < 3; i += 1) await limiter.hit(limit);
    vi.setSystemTime(T0 + 20_500);
    expect(await refusalOf(limiter.hit(limit))).toMatchObject({
      code: 'rate_limited',
      status: 429,
      message: MSG.rateLimited,
      extra: { retry_after: 40 },
    });
  });

  it('start a new window once the last one has ended, not a millisecond before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const limiter = createRateLimiter(null);
    const limit = { key: 'b', max: 1, windowS: 10 };
    await limiter.hit(limit);
    vi.setSystemTime(T0 + 9_999);
    expect(await refusalOf(limiter.hit(limit))).toMatchObject({ status: 429 });
    vi.setSystemTime(T0 + 10_000);
    await expect(limiter.hit(limit)).resolves.toBeUndefined();
  });

  it('take one hit back within the window, and never below zero', async () => {
    const limiter = createRateLimiter(null);
    const limit = { key: 'c', max: 2, windowS: 10 };
    await limiter.release(limit);
    await limiter.hit(limit);
    await limiter.release(limit);
    await limiter.release(limit);
    expect(await passes(limiter, [limit])).toBe(2);
    const again = { key: 'c2', max: 2, windowS: 10 };
    await limiter.hit(again);
    await limiter.hit(again);
    await limiter.release(again);
    expect(await passes(limiter, [again])).toBe(1);
  });

  it('count every limit of a call apart, and keep prefixes apart', async () => {
    const limiter = createRateLimiter(null, 'x:');
    const other = createRateLimiter(null, 'y:');
    const wide = { key: 'wide', max: 5, windowS: 60 };
    const tight = { key: 'tight', max: 2, windowS: 60 };
    await limiter.hit(wide, tight);
    await limiter.hit(wide, tight);
    expect(await refusalOf(limiter.hit(tight))).toMatchObject({ status: 429 });
    expect(await passes(limiter, [wide])).toBe(3);
    expect(await passes(other, [tight])).toBe(2);
  });
});

describe('rate limits under a flood of one-off keys', () => {
  afterEach(() => vi.useRealTimers());

  it('clear ended windows only: a member at their limit stays refused', async () => {
    const T0 = Date.UTC(2026, 4, 2, 9);
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const limiter = createRateLimiter(null);
    const member = { key: 'membre', max: 1, windowS: 3600 };
    await limiter.hit(member);
    for (let i = 0; i < 50_000; i += 1)
      await limiter.hit({ key: `visiteur:${i}`, max: 5, windowS: 60 });
    vi.setSystemTime(T0 + 120_000);
    // The 50 001st key makes the limiter sweep the ended one-minute windows.
    await limiter.hit({ key: 'dernier', max: 5, windowS: 60 });
    expect(await refusalOf(limiter.hit(member))).toMatchObject({ status: 429 });
  });
});

describe('the account limits', () => {
  const limiter = () => createRateLimiter(null);

  it('allow 5 sign-ups an hour per e-mail and per device, 300 per address', async () => {
    const l = limiter();
    expect(await passes(l, signupLimits('1.1.1.1', 'a@b.bf', 'dev-1'))).toBe(5);
    expect(await passes(l, signupLimits('1.1.1.1', 'c@b.bf', 'dev-1'))).toBe(0);
    expect(await passes(l, signupLimits('1.1.1.1', 'd@b.bf', null))).toBe(5);
    expect(signupLimits('9.9.9.9', 'e@b.bf', null)).toEqual([
      { key: 'register:ip:9.9.9.9', max: 300, windowS: 3600 },
      { key: 'register:email:e@b.bf', max: 5, windowS: 3600 },
    ]);
    expect(signupLimits('9.9.9.9', 'e@b.bf', 'd')[2]).toEqual({
      key: 'register:device:d',
      max: 5,
      windowS: 3600,
    });
  });

  it('size sign-in and code limits for carrier NAT, tight per account', () => {
    expect(loginAddressLimit('2.2.2.2')).toEqual({
      key: 'login:ip:2.2.2.2',
      max: 600,
      windowS: 900,
    });
    expect(wrongPasswordLimits('2.2.2.2', 'a@b.bf')).toEqual([
      { key: 'login:fail:acct-ip:a@b.bf:2.2.2.2', max: 10, windowS: 900 },
      { key: 'login:fail:acct:a@b.bf', max: 100, windowS: 900 },
    ]);
    expect(codeLimits('otp', '2.2.2.2', 'a@b.bf')).toEqual([
      { key: 'otp:ip:2.2.2.2', max: 300, windowS: 900 },
      { key: 'otp:acct:a@b.bf', max: 10, windowS: 900 },
    ]);
  });
});

describe('rate limits while Redis is away', () => {
  it('count in this process, and say so once in the log', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...a: unknown[]) => warnings.push(a), info: () => undefined };
    const link = createRedisLink('redis://127.0.0.1:1', log);
    const limiter = createRateLimiter(link, 'away:');
    const limit = { key: 'd', max: 2, windowS: 60 };
    await limiter.hit(limit);
    await limiter.hit(limit);
    await limiter.release(limit);
    expect(await passes(limiter, [limit])).toBe(1);
    expect(warnings.length).toBeGreaterThan(0);
    await link.close();
  });
});

describe.skipIf(!TEST_REDIS_URL)('rate limits in Redis', () => {
  let link: RedisLink;
  let redis: Redis;
  const prefix = `rlm${Date.now().toString(36)}:`;
  beforeAll(async () => {
    link = createRedisLink(TEST_REDIS_URL ?? '', silentLog);
    await link.ready(3000);
    redis = new Redis(TEST_REDIS_URL ?? '');
  });
  afterAll(async () => {
    await link.close();
    redis.disconnect();
  });

  it('keep the count under the prefix, living as long as the window', async () => {
    const limiter = createRateLimiter(link, prefix);
    const limit = { key: 'e', max: 2, windowS: 90 };
    expect(await passes(limiter, [limit])).toBe(2);
    expect(Number(await redis.get(`${prefix}e`))).toBe(3);
    const ttl = await redis.ttl(`${prefix}e`);
    expect(ttl).toBeGreaterThan(80);
    expect(ttl).toBeLessThanOrEqual(90);
    expect(await refusalOf(limiter.hit(limit))).toMatchObject({
      status: 429,
      extra: { retry_after: ttl },
    });
  });

  it('keep the window of the first hit: later hits do not stretch it', async () => {
    const limiter = createRateLimiter(link, prefix);
    const limit = { key: 'g', max: 2, windowS: 2 };
    await limiter.hit(limit);
    await new Promise((r) => setTimeout(r, 1_100));
    await limiter.hit(limit);
    await new Promise((r) => setTimeout(r, 1_000));
    await expect(limiter.hit(limit)).resolves.toBeUndefined();
  });

  it('count under rl: unless told otherwise', async () => {
    const key = `rlm-default-${Date.now()}`;
    await createRateLimiter(link).hit({ key, max: 1, windowS: 5 });
    expect(await redis.exists(`rl:${key}`)).toBe(1);
    await redis.del(`rl:${key}`);
  });

  it('count in this process when Redis refuses a counter, and log it', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...a: unknown[]) => warnings.push(a), info: () => undefined };
    const own = createRedisLink(TEST_REDIS_URL ?? '', log);
    await own.ready(3000);
    await redis.set(`${prefix}bad`, 'pas un nombre');
    const limiter = createRateLimiter(own, prefix);
    const limit = { key: 'bad', max: 1, windowS: 60 };
    await expect(limiter.hit(limit)).resolves.toBeUndefined();
    expect(await refusalOf(limiter.hit(limit))).toMatchObject({ status: 429 });
    expect(warnings).toHaveLength(1);
    expect(await redis.get(`${prefix}bad`)).toBe('pas un nombre');
    await own.close();
  });

  it('take a hit back in this process once Redis has gone, each fallback reported', async () => {
    const own = createRedisLink(TEST_REDIS_URL ?? '', silentLog);
    await own.ready(3000);
    const fallbacks: string[] = [];
    const limiter = createRateLimiter(
      { ...own, noteFallback: (what) => void fallbacks.push(what) },
      prefix,
    );
    const limit = { key: 'h', max: 1, windowS: 60 };
    own.client.disconnect();
    await limiter.hit(limit);
    await limiter.release(limit);
    await expect(limiter.hit(limit)).resolves.toBeUndefined();
    expect(await refusalOf(limiter.hit(limit))).toMatchObject({ status: 429 });
    // Three counts, one read and one hit taken back: all in this process.
    expect(fallbacks).toEqual(Array.from({ length: 5 }, () => 'rate-limit'));
    expect(await redis.exists(`${prefix}h`)).toBe(0);
    await own.close();
  });

  it('take one hit back, and never make a counter out of nothing', async () => {
    const limiter = createRateLimiter(link, prefix);
    const limit = { key: 'f', max: 2, windowS: 60 };
    await limiter.hit(limit);
    await limiter.release(limit);
    expect(await passes(limiter, [limit])).toBe(2);
    await limiter.release({ key: 'absent', max: 1, windowS: 60 });
    expect(await redis.exists(`${prefix}absent`)).toBe(0);
  });
});
