/**
 * What `npm run bench` loads. A feature adds an entry: the call its screens make most, with a
 * `setup` that seeds what the call needs (members, rows) and may sign a member in.
 *
 *   {
 *     name: 'feed-page-1',
 *     method: 'GET',
 *     path: '/api/announcements',
 *     async setup(ctx) {
 *       const member = await createMember(ctx); // from packages/server/test/helpers.ts
 *       return { headers: { authorization: `Bearer ${member.token}` } };
 *     },
 *   },
 *
 * A `budget` is printed beside the figures: a share of the bare Fastify route's requests/s
 * (measured in the same run, so the machine's speed cancels out) and a p99 at a held rate.
 */
import { hashToken, newToken } from '../packages/server/src/auth/tokens.js';
import { createMember, type TestApp } from '../packages/server/test/helpers.js';

export type BenchContext = TestApp & { baseUrl: string; bareUrl: string };

interface RequestShape {
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Members' tokens: each request goes as the next of them in turn, not all as one member. */
  tokens?: string[];
}

interface Budget {
  /** Requests/s at least this share (0–1) of the bare route's, loaded the same way. */
  minShareOfBare?: number;
  /** p99 at most `maxP99Ms` while `rate` requests/s are sent at a steady pace (paced.ts). */
  paced?: { rate: number; maxP99Ms: number };
}

export interface Target extends RequestShape {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Loaded on a bare Fastify server (one route, no plugin, no log) instead of the app. */
  bare?: boolean;
  /** Runs once before the load; what it returns overrides the target's path, headers, body. */
  setup?: (ctx: BenchContext) => Promise<Partial<RequestShape>>;
  budget?: Budget;
}

/** The reference every `minShareOfBare` is measured against. */
export const BARE_TARGET = 'bare-fastify';

/** A complete member who received likes and joined a social network: every subquery has rows. */
async function seededMember(ctx: BenchContext) {
  const member = await createMember(ctx, { name: 'Awa Banco', coins: 120 });
  await ctx.db.query(
    `INSERT INTO users (email, name, email_verified_at, profile_completed_at)
     SELECT 'fan' || g || '-' || $1 || '@bench.bf', 'Fan ' || g, now(), now()
     FROM generate_series(1, 20) AS g`,
    [String(member.id)],
  );
  await ctx.db.query(
    `INSERT INTO swipes (swiper_id, target_id, action)
     SELECT id, $1, 'like' FROM users WHERE email LIKE $2`,
    [member.id, `fan%-${member.id}@bench.bf`],
  );
  await ctx.db.query(
    `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key)
     VALUES ($1, 20, 140, 'social_join', $2)`,
    [member.id, `social_join:${member.id}:tiktok`],
  );
  return member;
}

/**
 * `n` complete members, each signed in once: their tokens. Two statements for them all, so a
 * bench of thousands of members starts in a moment.
 */
async function signedInMembers(ctx: BenchContext, n: number): Promise<string[]> {
  const tag = newToken().slice(0, 8).toLowerCase();
  const tokens = Array.from({ length: n }, newToken);
  const ids = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, name, gender, birth_date, locality, email_verified_at,
                        profile_completed_at, coins)
     SELECT 'm' || g || '-' || $1 || '@bench.bf', 'Membre ' || g, 'femme', '1995-04-02',
            'Ouagadougou', now(), now(), 50
       FROM generate_series(1, $2::int) AS g
     RETURNING id`,
    [tag, n],
  );
  await ctx.db.query(
    `INSERT INTO sessions (user_id, token_hash)
     SELECT * FROM unnest($1::bigint[], $2::text[])`,
    [ids.map((r) => r.id), tokens.map(hashToken)],
  );
  return tokens;
}

const PROFILE_PATH = '/api/user/profile';

export const targets: Target[] = [
  { name: BARE_TARGET, method: 'GET', path: '/bare', bare: true },
  { name: 'health', method: 'GET', path: '/api/health' },
  {
    // The lightest signed-in call: the session, the member's row and two counters (issue 19).
    name: 'profile',
    method: 'GET',
    path: PROFILE_PATH,
    async setup(ctx) {
      const member = await seededMember(ctx);
      return { headers: { authorization: `Bearer ${member.token}` } };
    },
    budget: { minShareOfBare: 0.25, paced: { rate: 1000, maxP99Ms: 20 } },
  },
  {
    // The same call from 1,000 members in turn, as the evening's traffic sends it (issue 31):
    // each member's session and profile are remembered 3 s, and come back within that time.
    name: 'profile-1000',
    method: 'GET',
    path: PROFILE_PATH,
    setup: async (ctx) => ({ tokens: await signedInMembers(ctx, 1000) }),
    budget: { minShareOfBare: 0.25 },
  },
  {
    // Every call from a member not seen for longer than the caches remember (30,000 members in
    // turn): the session and the profile read from the database each time, and the member's
    // first activity of the day written. A figure, for the uncached path.
    name: 'profile-uncached',
    method: 'GET',
    path: PROFILE_PATH,
    setup: async (ctx) => ({ tokens: await signedInMembers(ctx, 30_000) }),
  },
];
