/**
 * Swipe rules: which profiles to show (eligible, never swiped, ranked by swipe.ranking.ts, shared
 * passions included) and what a like or dislike does (once per pair; a mutual like is a match
 * with its chat and a notification to both; a plain like notifies the liked member).
 */
import {
  SWIPE_LIMIT,
  SWIPE_MSG,
  haversineKm,
  planeKm,
  type TSwipeAction,
  type TSwipeResult,
} from '@app/shared';
import { AppError, notFound } from '../../errors.js';
import type { Deps } from '../../deps.js';
import {
  findViewer,
  originOf,
  photosOf,
  saveOwnPosition,
  type ViewerRow,
} from '../nearby/index.js';
import { ensureMatchChat, findChatIdForPair, isHeld } from '../chats/index.js';
import { findMorePhotoKeys } from '../photos/index.js';
import { settingsOf } from '../privacy/index.js';
import * as repo from './swipe.repository.js';
import { preferredGenderOf, rankCandidates, type Gender } from './swipe.ranking.js';

/** Nearest candidates read per gender pool: several pages, so ranking has room to work. */
const POOL_PER_PAGE = 4;
const POOL_MIN = 40;

export interface CandidateQuery {
  limit: number;
  exclude_ids: number[];
  user_lat?: number | null;
  user_lng?: number | null;
  /** "Je veux rencontrer": only this gender (a filter of the request, never stored). */
  seeking?: 'homme' | 'femme';
  verified_only?: boolean;
}

export interface RankedCandidate extends repo.CandidateRow {
  distanceKm: number | null;
  /** The gallery's other photos, in order (the card steps through them). */
  morePhotoKeys: string[];
  /** « Masquer ma distance »: the card shows the town, neither distance nor marker. */
  hideDistance: boolean;
}

/** The column holds 'homme', 'femme' or null; anything else counts as not said. */
const genderOf = (g: string | null | undefined): Gender | null =>
  g === 'homme' || g === 'femme' ? g : null;

/** A position sent with the swipe fetch is stored like /location/update, but never fails it. */
async function rememberPosition(deps: Deps, me: number, q: CandidateQuery) {
  if (q.user_lat === null || q.user_lat === undefined) return;
  if (q.user_lng === null || q.user_lng === undefined) return;
  try {
    await saveOwnPosition(deps, me, { lat: q.user_lat, lng: q.user_lng });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'rate_limited')) throw err;
  }
}

/**
 * The gender pools the deck draws from: the member's own choice when they sent one; else the
 * preferred gender first and everyone else after, as the ranking wants both.
 */
function candidatePools(
  seeking: CandidateQuery['seeking'],
  preferred: string | null,
): repo.GenderPool[] {
  if (seeking) return [{ is: seeking }];
  return preferred ? [{ is: preferred }, { isNot: preferred }] : [null];
}

export async function findSwipeCandidates(
  deps: Deps,
  me: number,
  q: CandidateQuery,
): Promise<RankedCandidate[]> {
  await rememberPosition(deps, me, q);
  const viewer = await findViewer(deps.db, me);
  const origin = originOf(viewer);
  const gender = genderOf(viewer?.gender);
  const preferred = preferredGenderOf(gender);
  const search = {
    viewerId: me,
    excludeIds: q.exclude_ids,
    limit: Math.max(POOL_MIN, q.limit * POOL_PER_PAGE),
    verifiedOnly: q.verified_only === true,
  };
  const pools = candidatePools(q.seeking, preferred);
  const located = await repo.findNearestCandidates(deps.db, search, pools, planeKm(origin));
  const unlocated =
    located.length < q.limit
      ? await repo.findUnlocatedCandidates(deps.db, { ...search, limit: q.limit }, q.seeking)
      : [];
  const measured = [...located, ...unlocated].map((c) => ({
    ...c,
    morePhotoKeys: [] as string[],
    distanceKm:
      c.fuzz_lat !== null && c.fuzz_lng !== null
        ? haversineKm(origin, { lat: c.fuzz_lat, lng: c.fuzz_lng })
        : null,
  }));
  const ranker = { gender, passions: viewer?.passions ?? [] };
  const cards = rankCandidates(measured, ranker, deps.clock.now()).slice(0, q.limit);
  // Two more queries for the cards shown only: the pool's other members need neither.
  const ids = cards.map((c) => c.id);
  const [more, settings] = await Promise.all([
    findMorePhotoKeys(deps.db, ids),
    settingsOf(deps.db, ids),
  ]);
  return cards.map((c) => ({
    ...c,
    morePhotoKeys: more.get(c.id) ?? [],
    hideDistance: settings.get(c.id)?.hide_distance ?? false,
  }));
}

interface SwipeOutcome {
  stored: { action: TSwipeAction; changed: boolean };
  isMatch: boolean;
  isNewMatch: boolean;
  chatId: number | null;
}

export async function swipeMember(
  deps: Deps,
  me: number,
  input: { target_user_id: number; action: TSwipeAction },
): Promise<TSwipeResult> {
  if (input.target_user_id === me) {
    throw new AppError('self_swipe', SWIPE_MSG.selfSwipe, { status: 400 });
  }
  await deps.limiter.hit({ key: `swipe:${me}`, ...SWIPE_LIMIT });
  const target = await repo.findSwipeTarget(deps.db, me, input.target_user_id);
  if (!target) throw notFound(SWIPE_MSG.targetNotFound);
  const outcome = await deps.db.transaction().execute(async (tx): Promise<SwipeOutcome> => {
    await repo.lockPair(tx, me, target.id);
    const stored = await repo.recordSwipe(tx, me, target.id, input.action);
    const isMatch = stored.action === 'like' && (await repo.hasLiked(tx, target.id, me));
    const isNewMatch = isMatch && stored.changed;
    let chatId: number | null = null;
    // A member the scam shield holds opens no chat, not even a match's, until reviewed; the
    // match stays, and its chat opens at a later like or chat once the hold is lifted.
    const held = isMatch && ((await isHeld(tx, me)) || (await isHeld(tx, target.id)));
    // The target liked first: their participant row comes first.
    if (isNewMatch) chatId = held ? null : await ensureMatchChat(tx, target.id, me);
    else if (isMatch)
      chatId =
        (await findChatIdForPair(tx, me, target.id)) ??
        (held ? null : await ensureMatchChat(tx, target.id, me));
    return { stored, isMatch, isNewMatch, chatId };
  });
  await announce(deps, me, target, outcome);
  return { action: outcome.stored.action, is_match: outcome.isMatch, chat_id: outcome.chatId };
}

/**
 * Notifications after the commit; a failure to notify never undoes the swipe. A liker in
 * anonymous mode stays anonymous: their like and their side of a match carry neither name,
 * photo nor id, so the texts read 'Quelqu'un a aimé votre profil.' and 'Vous et un membre…'
 * (the match's chat still opens from chat_id, and in it they can talk).
 */
async function announce(deps: Deps, me: number, target: repo.SwipeTargetRow, o: SwipeOutcome) {
  const isNewLike = o.stored.changed && o.stored.action === 'like';
  if (!isNewLike) return;
  try {
    const self = await findViewer(deps.db, me);
    const photo = (row: Pick<ViewerRow, 'photo_key'> | undefined) =>
      photosOf(deps.storage)(row?.photo_key ?? null)?.thumb ?? null;
    const shown = self && !self.anonymous ? self : null;
    if (!o.isNewMatch) {
      await deps.notify(
        target.id,
        'profile_like',
        shown ? { liker_id: me, liker_name: shown.name ?? '', liker_photo: photo(shown) } : {},
      );
      return;
    }
    const chat_id = o.chatId ?? undefined;
    await deps.notify(
      target.id,
      'match',
      shown
        ? { name: shown.name ?? '', chat_id, liker_id: me, liker_photo: photo(shown) }
        : { chat_id },
    );
    await deps.notify(me, 'match', {
      name: target.name ?? '',
      chat_id,
      liker_id: target.id,
      liker_photo: photo(target),
    });
  } catch (err) {
    deps.log.warn({ err, targetId: target.id }, 'notification de swipe en échec');
  }
}
