/**
 * Anonymous stories: publication (held for moderation when the text carries a phone number
 * or contact words), the approved feed, and views and likes counted once per member (or per
 * visitor and day, see story.context.ts).
 */
import {
  STORIES_PER_PAGE,
  STORY_MSG,
  storyContentError,
  storyHoldReason,
  type TPublishedStory,
  type TStoriesPage,
} from '@app/shared';
import { AppError, notFound } from '../../errors.js';
import type { StoryActor, StoryCtx } from './story.context.js';
import * as repo from './story.repository.js';
import { presentStory } from './story.presenter.js';

/** A brake on flooding, far above real use. */
const PUBLISH_LIMIT = { max: 5, windowS: 3600 } as const;
const VISITOR_ACTION_LIMIT = { max: 300, windowS: 3600 } as const;

export async function listStories(
  ctx: StoryCtx,
  page: number,
  actor: StoryActor,
): Promise<TStoriesPage> {
  const offset = (page - 1) * STORIES_PER_PAGE;
  const [rows, total] = await Promise.all([
    repo.findApprovedStories(ctx.db, STORIES_PER_PAGE, offset, actor.key),
    repo.countApprovedStories(ctx.db),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / STORIES_PER_PAGE));
  return {
    data: rows.map(presentStory),
    current_page: page,
    last_page: lastPage,
    per_page: STORIES_PER_PAGE,
    total,
    next_page_url: page < lastPage ? `${ctx.publicUrl}/api/histoires?page=${page + 1}` : null,
  };
}

export async function publishStory(
  ctx: StoryCtx,
  authorId: number,
  raw: string,
): Promise<TPublishedStory> {
  const error = storyContentError(raw);
  if (error) throw new AppError('validation', error, { fields: { content: [error] } });
  await ctx.limiter.hit({ key: `story:user:${authorId}`, ...PUBLISH_LIMIT });
  const content = raw.trim();
  const heldReason = storyHoldReason(content);
  return repo.insertStory(ctx.db, {
    authorId,
    content,
    status: heldReason ? 'pending' : 'approved',
    heldReason,
  });
}

async function limitVisitor(ctx: StoryCtx, actor: StoryActor) {
  if (actor.userId === null) {
    await ctx.limiter.hit({ key: `story:visitor:${actor.ip}`, ...VISITOR_ACTION_LIMIT });
  }
}

export async function viewStory(ctx: StoryCtx, storyId: number, actor: StoryActor) {
  await limitVisitor(ctx, actor);
  const views = await repo.recordView(ctx.db, storyId, actor.key, actor.userId);
  if (views === undefined) throw notFound(STORY_MSG.notFound);
  return views;
}

/** A repeated like changes nothing and answers the current count. */
export async function likeStory(ctx: StoryCtx, storyId: number, actor: StoryActor) {
  await limitVisitor(ctx, actor);
  const likes = await repo.recordLike(ctx.db, storyId, actor.key, actor.userId);
  if (likes === undefined) throw notFound(STORY_MSG.notFound);
  return likes;
}
