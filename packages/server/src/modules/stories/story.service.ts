/**
 * Anonymous stories: publication (held for moderation when the text carries a phone number
 * or contact words), the approved feed, and views and likes counted once per member (or per
 * visitor and day, see story.actor.ts).
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
import type { Deps } from '../../deps.js';
import type { StoryActor } from './story.actor.js';
import * as repo from './story.repository.js';
import { presentStory } from './story.presenter.js';

/** A brake on flooding, far above real use. */
const PUBLISH_LIMIT = { max: 5, windowS: 3600 } as const;
/** Views and likes of one visitor (one browser on one address, that day), per hour. */
const VISITOR_ACTION_LIMIT = { max: 300, windowS: 3600 } as const;
/**
 * Views and likes of all visitors behind one address, per hour: carrier NAT puts thousands of
 * people on one address, so this only stops a flood.
 */
const ADDRESS_ACTION_LIMIT = { max: 5000, windowS: 3600 } as const;

export async function listStories(
  deps: Deps,
  page: number,
  actor: StoryActor,
): Promise<TStoriesPage> {
  const offset = (page - 1) * STORIES_PER_PAGE;
  const [rows, total] = await Promise.all([
    repo.findApprovedStories(deps.db, STORIES_PER_PAGE, offset, actor.key),
    repo.countApprovedStories(deps.db),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / STORIES_PER_PAGE));
  return {
    data: rows.map(presentStory),
    current_page: page,
    last_page: lastPage,
    per_page: STORIES_PER_PAGE,
    total,
    next_page_url:
      page < lastPage ? `${deps.config.publicUrl}/api/histoires?page=${page + 1}` : null,
  };
}

export async function publishStory(
  deps: Deps,
  authorId: number,
  raw: string,
): Promise<TPublishedStory> {
  const error = storyContentError(raw);
  if (error) throw new AppError('validation', error, { fields: { content: [error] } });
  await deps.limiter.hit({ key: `story:user:${authorId}`, ...PUBLISH_LIMIT });
  const content = raw.trim();
  const heldReason = storyHoldReason(content);
  const status = heldReason ? 'pending' : 'approved';
  const row = await repo.insertStory(deps.db, { authorId, content, status, heldReason });
  return { id: row.id, status };
}

async function limitVisitor(deps: Deps, actor: StoryActor) {
  if (actor.userId === null) {
    await deps.limiter.hit(
      { key: `story:visitor:${actor.key}`, ...VISITOR_ACTION_LIMIT },
      { key: `story:ip:${actor.ip}`, ...ADDRESS_ACTION_LIMIT },
    );
  }
}

export async function viewStory(deps: Deps, storyId: number, actor: StoryActor) {
  await limitVisitor(deps, actor);
  const views = await repo.recordView(deps.db, storyId, actor.key, actor.userId);
  if (views === undefined) throw notFound(STORY_MSG.notFound);
  return views;
}

/** A repeated like changes nothing and answers the current count. */
export async function likeStory(deps: Deps, storyId: number, actor: StoryActor) {
  await limitVisitor(deps, actor);
  const likes = await repo.recordLike(deps.db, storyId, actor.key, actor.userId);
  if (likes === undefined) throw notFound(STORY_MSG.notFound);
  return likes;
}
