/**
 * Anonymous stories contract (spec 2 "Stories", "Publish a story", §3–§9): length rule, the
 * hold rule (a phone number or contact words send a story to moderation instead of the feed,
 * judged by the announcements' detectors), the count abbreviation, payloads and answers.
 * A story never carries its author, on any answer.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { countChars, findSuspectWord, hasPhoneNumber } from './announcements.js';

export const STORY_MIN_LENGTH = 10;
export const STORY_MAX_LENGTH = 5000;
export const STORIES_PER_PAGE = 20;
/** The next page loads when the end of the list is this close (spec 2 §9). */
export const STORIES_LOAD_MARGIN_PX = 800;
/** A story counts as seen once this share of it is on screen (spec 2 §9). */
export const STORY_VIEW_THRESHOLD = 0.2;
export const STORY_LIKE_ANIMATION_MS = 1_000;

export const STORY_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type TStoryStatus = (typeof STORY_STATUSES)[number];
/** Why a story was held for moderation. */
export type TStoryHoldReason = 'phone' | 'contact_words';

export const STORY_MSG = {
  contentRequired: 'Veuillez écrire votre histoire',
  tooShort: `L'histoire doit contenir au moins ${STORY_MIN_LENGTH} caractères`,
  tooLong: `L'histoire ne peut pas dépasser ${STORY_MAX_LENGTH} caractères`,
  published: 'Histoire publiée !',
  pending: 'Votre histoire a été envoyée et est en cours de validation.',
  publishError: "Impossible de publier l'histoire",
  loadError: 'Erreur lors du chargement des histoires',
  notFound: 'Histoire introuvable',
  allShown: 'Toutes les histoires sont affichées',
} as const;

/**
 * The length rule on the trimmed text, or null when it holds. Characters are counted as the
 * database's check counts them (code points: an emoji is one), so no text passes here and then
 * fails there.
 */
export function storyContentError(raw: string): string | null {
  const text = raw.trim();
  if (!text) return STORY_MSG.contentRequired;
  const length = countChars(text);
  if (length < STORY_MIN_LENGTH) return STORY_MSG.tooShort;
  if (length > STORY_MAX_LENGTH) return STORY_MSG.tooLong;
  return null;
}

/** Why the text must wait for a moderator (phone number first), or null to publish at once. */
export function storyHoldReason(text: string): TStoryHoldReason | null {
  if (hasPhoneNumber(text)) return 'phone';
  if (findSuspectWord(text)) return 'contact_words';
  return null;
}

const COUNT_STEPS = [
  { at: 1e9, suffix: 'B' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const;

/**
 * A view or like count as the cards show it: as is below 1000, else one decimal (cut, not
 * rounded, so 999 999 never reads 1000 K) with a French comma and K, M or B: 1234 → '1,2 K'.
 */
export function formatCount(n: number): string {
  const value = Math.max(0, Math.floor(n));
  const step = COUNT_STEPS.find((s) => value >= s.at);
  if (!step) return String(value);
  const tenths = Math.floor((value * 10) / step.at);
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${decimal ? `${whole},${decimal}` : whole} ${step.suffix}`;
}

// --- payloads ------------------------------------------------------------------------------

const lazySchema = <T>(build: () => T): T => build();

export const ZStoriesQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ page: z.coerce.number().int().min(1, 'Page invalide').max(10_000).default(1) }),
);

/** POST /histoires {content, is_anonymous}: always anonymous, whatever the flag says. */
export const ZPublishStoryRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: zText().optional(),
    content: zText({ error: STORY_MSG.contentRequired }).max(
      STORY_MAX_LENGTH * 2,
      STORY_MSG.tooLong,
    ),
    is_anonymous: z.boolean().optional(),
  }),
);
export type TPublishStoryRequest = z.infer<typeof ZPublishStoryRequest>;

/** A story on the wire: the response schema strips anything else (an author above all). */
export const ZStory = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    content: z.string(),
    created_at: z.string(),
    views: z.number(),
    likes: z.number(),
    /** The signed-in caller already liked it (false for visitors). */
    liked: z.boolean(),
  }),
);
/** A story as every client sees it (spec 2 §3): no author, ever. */
export type TStory = z.infer<typeof ZStory>;

/** `data` of GET /histoires (spec 2 §3: data.data, data.last_page, data.current_page, ...). */
export const ZStoriesPage = /* @__PURE__ */ lazySchema(() =>
  z.object({
    data: z.array(ZStory),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    next_page_url: z.string().nullable(),
  }),
);
export type TStoriesPage = z.infer<typeof ZStoriesPage>;

/** `data` of POST /histoires. */
export const ZPublishedStory = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.number(), status: z.enum(STORY_STATUSES) }),
);
export type TPublishedStory = z.infer<typeof ZPublishedStory>;

export const ZStoryId = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
);
