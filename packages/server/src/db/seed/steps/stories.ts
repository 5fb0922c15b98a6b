/**
 * Demo seed step: about sixty approved anonymous stories by demo members (never the demo
 * account), spread over the last six weeks, with views and likes by other members. Views and
 * likes are rows of story_views and story_likes keyed per member exactly as a signed-in
 * member's are ('m:<id>'), and each story's counters are the number of its rows, so nothing
 * counts twice when a member opens the feed. Every text passes the rules of a member's story
 * (length, and nothing that would hold it for moderation).
 */
import { storyContentError, storyHoldReason } from '@app/shared';
import type { Param, Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { createRng, type Rng } from '../rng.js';
import { DEMO_ACCOUNT, genderize, type Gender } from '../demo-members.js';
import { STORY_ENDINGS, STORY_EVENTS, STORY_OPENINGS, STORY_TURNS } from '../data/stories.js';

const STORIES_SEED = 0x570e1e5;
const DEMO_STORY_COUNT = 60;
const SPREAD_DAYS = 42;
const HOUR_MS = 3_600_000;
/** Stories the demo account itself has liked (the feed shows them as liked). */
const LIKED_BY_DEMO_ACCOUNT = 3;

export interface StoryAuthor {
  id: number;
  gender: Gender;
  locality: string | null;
  createdAt: Date;
}

export interface DemoStory {
  authorId: number;
  content: string;
  createdAt: Date;
  /** Members who saw it (keyed m:<id>), with when. */
  viewers: { userId: number; at: Date }[];
  /** A subset of the viewers. */
  likers: { userId: number; at: Date }[];
}

function cityOf(locality: string | null) {
  return locality?.includes('Bobo-Dioulasso') ? 'Bobo-Dioulasso' : 'Ouagadougou';
}

function compose(rng: Rng, author: StoryAuthor): string {
  const parts = [
    rng.pick(STORY_OPENINGS),
    rng.pick(STORY_EVENTS),
    rng.pick(STORY_TURNS),
    rng.pick(STORY_ENDINGS),
  ].filter(Boolean);
  return genderize(parts.join(' '), author.gender).replace(/\{city\}/g, cityOf(author.locality));
}

/** A moment between `from` and `to`, leaning towards `from` (views come soon after posting). */
const soonAfter = (rng: Rng, from: number, to: number) =>
  new Date(from + Math.pow(rng.next(), 2) * (to - from));

/**
 * The demo stories as plain data: same members, same clock, same stories. `audience` are the
 * members who view and like (the demo account among them, liking a few).
 */
export function generateDemoStories(
  rng: Rng,
  authors: readonly StoryAuthor[],
  audience: readonly number[],
  demoAccountId: number | null,
  now: Date,
  count = DEMO_STORY_COUNT,
): DemoStory[] {
  const out: DemoStory[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < count && i < count * 5 && authors.length > 0; i += 1) {
    const author = rng.pick(authors);
    const content = compose(rng, author);
    if (seen.has(content) || storyContentError(content) || storyHoldReason(content)) continue;
    seen.add(content);
    const earliest = Math.max(
      author.createdAt.getTime(),
      now.getTime() - SPREAD_DAYS * 24 * HOUR_MS,
    );
    const createdAt = new Date(earliest + rng.next() * (now.getTime() - earliest));
    // Older stories were read more; a few became favourites.
    const ageDays = (now.getTime() - createdAt.getTime()) / (24 * HOUR_MS);
    const others = audience.filter((id) => id !== author.id && id !== demoAccountId);
    const reach = Math.min(others.length, Math.round((8 + ageDays * 4) * (0.5 + rng.next())));
    const viewers = rng.sample(others, reach).map((userId) => ({
      userId,
      at: soonAfter(rng, createdAt.getTime(), now.getTime()),
    }));
    const likeShare = rng.chance(0.15) ? 0.45 : 0.05 + rng.next() * 0.2;
    const likers = viewers
      .filter(() => rng.chance(likeShare))
      .map((v) => ({
        userId: v.userId,
        at: soonAfter(rng, v.at.getTime(), now.getTime()),
      }));
    out.push({ authorId: author.id, content, createdAt, viewers, likers });
  }
  // The demo account read the newest stories and liked a few of them.
  if (demoAccountId !== null) {
    const newest = [...out].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    for (const [i, story] of newest.slice(0, 8).entries()) {
      const at = soonAfter(rng, story.createdAt.getTime(), now.getTime());
      story.viewers.push({ userId: demoAccountId, at });
      if (i % 3 === 0 && i / 3 < LIKED_BY_DEMO_ACCOUNT)
        story.likers.push({ userId: demoAccountId, at });
    }
  }
  return out;
}

const hasDemoStories = async (sql: Sql) =>
  (
    await sql.query(
      `SELECT 1 FROM stories s JOIN users u ON u.id = s.author_id WHERE u.is_demo LIMIT 1`,
    )
  ).length > 0;

async function findMembers(sql: Sql) {
  const rows = await sql.query<{
    id: number;
    email: string;
    gender: Gender;
    locality: string | null;
    created_at: Date;
  }>(
    `SELECT id, email, gender, locality, created_at FROM users
      WHERE is_demo AND deleted_at IS NULL AND blocked_at IS NULL AND gender IS NOT NULL
      ORDER BY id`,
  );
  const demoAccount = rows.find((r) => r.email === DEMO_ACCOUNT.email);
  const authors = rows
    .filter((r) => r.email !== DEMO_ACCOUNT.email)
    .map((r) => ({
      id: r.id,
      gender: r.gender,
      locality: r.locality,
      createdAt: new Date(r.created_at),
    }));
  return { authors, audience: rows.map((r) => r.id), demoAccountId: demoAccount?.id ?? null };
}

async function insertStories(tx: Sql, stories: readonly DemoStory[]) {
  if (stories.length === 0) return 0;
  const params: Param[] = [];
  const tuples = stories.map((s) => {
    params.push(
      s.authorId,
      s.content,
      s.viewers.length,
      s.likers.length,
      s.createdAt.toISOString(),
    );
    const n = params.length;
    return `($${n - 4}::bigint, $${n - 3}, 'approved', $${n - 2}::int, $${n - 1}::int, $${n}::timestamptz, $${n}::timestamptz)`;
  });
  const rows = await tx.query<{ id: number; content: string }>(
    `INSERT INTO stories (author_id, content, status, views, likes, created_at, updated_at)
     VALUES ${tuples.join(',\n')} RETURNING id, content`,
    params,
  );
  const idOf = new Map(rows.map((r) => [r.content, r.id]));
  // One statement per table: parallel arrays unnested into rows.
  const flatten = (pick: (s: DemoStory) => { userId: number; at: Date }[]) => {
    const storyIds: number[] = [];
    const userIds: number[] = [];
    const ats: string[] = [];
    for (const s of stories) {
      const id = idOf.get(s.content);
      if (id === undefined) continue;
      for (const v of pick(s)) {
        storyIds.push(id);
        userIds.push(v.userId);
        ats.push(v.at.toISOString());
      }
    }
    return [storyIds, userIds, ats];
  };
  await tx.query(
    `INSERT INTO story_views (story_id, viewer_key, user_id, created_at)
     SELECT s, 'm:' || u, u, t FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(s, u, t)`,
    flatten((s) => s.viewers),
  );
  await tx.query(
    `INSERT INTO story_likes (story_id, liker_key, user_id, created_at)
     SELECT s, 'm:' || u, u, t FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(s, u, t)`,
    flatten((s) => s.likers),
  );
  return rows.length;
}

export const storiesStep: SeedStep = {
  name: 'histoires',
  isDone: hasDemoStories,
  async run(ctx: SeedContext) {
    const { authors, audience, demoAccountId } = await findMembers(ctx.db);
    const stories = generateDemoStories(
      createRng(STORIES_SEED),
      authors,
      audience,
      demoAccountId,
      ctx.now,
    );
    return insertOnce(ctx.db, hasDemoStories, (tx) => insertStories(tx, stories));
  },
};
