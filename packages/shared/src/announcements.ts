/**
 * Announcements contract (spec 1 "Home feed", spec 2 "My announcements" / "New announcement",
 * §5, §7, §8, §9): constants, categories, French messages, payloads and answers, and the pure
 * description rules (length, phone numbers, suspect words) that the server enforces and the web
 * shows live, from this one place.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { ZSeeking } from './seeking.js';

export const ANNOUNCEMENT_MIN_LENGTH = 50;
export const ANNOUNCEMENT_MAX_LENGTH = 1000;
/** A phone number: this many digits or more in a row (spec 2 §5, §9). */
export const PHONE_MIN_DIGITS = 8;
/** Feed: 5 per page (spec 1 §9); a client may ask for up to 20. */
export const FEED_PER_PAGE = 5;
export const FEED_PER_PAGE_MAX = 20;
export const MY_ANNOUNCEMENTS_PER_PAGE = 20;
export const FEED_DESCRIPTION_CUT = 120;
export const FEED_LOAD_MARGIN_PX = 1000;
/** Success banners and messages passed through navigation stay 5 s (spec 2 §2, §9). */
export const ANNOUNCEMENT_BANNER_MS = 5_000;

/**
 * Default pricing: the first announcement a member ever publishes is free (deleting it does not
 * make the next one free again); every later one costs ANNOUNCEMENT_COST pièces, debited through
 * the coin ledger in the transaction that saves it. The server's ANNOUNCEMENT_COST and
 * ANNOUNCEMENT_FIRST_FREE settings override both; the web shows the price /announcements/cost
 * answers, never these constants.
 */
export const ANNOUNCEMENT_COST = 50;
export const ANNOUNCEMENT_FIRST_FREE = true;

/** Categories of an announcement (the feed can be filtered by one), with their French labels. */
export const ANNOUNCEMENT_CATEGORY_IDS = [
  'amitie',
  'relation_serieuse',
  'mariage',
  'sorties',
] as const;
export type TAnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORY_IDS)[number];
export const ANNOUNCEMENT_CATEGORY_LABELS: Record<TAnnouncementCategory, string> = {
  amitie: 'Amitié',
  relation_serieuse: 'Relation sérieuse',
  mariage: 'Mariage',
  sorties: 'Sorties et loisirs',
};

export const ANNOUNCEMENT_MSG = {
  descriptionRequired: 'La description est requise',
  descriptionTooShort: `La description doit contenir au moins ${ANNOUNCEMENT_MIN_LENGTH} caractères`,
  descriptionTooLong: `La description ne peut pas dépasser ${ANNOUNCEMENT_MAX_LENGTH} caractères`,
  phoneDetected:
    'Usage de numéro de téléphone détecté. Les numéros de téléphone ne sont pas autorisés.',
  suspectWords: 'Mots-clés suspects détectés. Évitez les références aux numéros de téléphone.',
  notFound: 'Annonce introuvable',
  created: 'Votre annonce a été créée avec succès !',
  deleted: 'Annonce supprimée avec succès',
  insufficientCoins: 'Pièces insuffisantes pour créer une annonce',
  categoryInvalid: 'Catégorie invalide',
  positionInvalid: 'Position invalide',
} as const;

// --- description rules -------------------------------------------------------------------

/**
 * Between two digits of a number people put spaces, dots or dashes ("70 12 34 56",
 * "70.12.34.56", "70-12-34-56"); at most three of them ("70 - 12"), so that digits of separate numbers in a
 * sentence stay separate. Slashes are not separators, so a date like 12/05/1995 is not a phone.
 */
const PHONE_RE = new RegExp(`\\d(?:[\\s.\\-]{0,3}\\d){${PHONE_MIN_DIGITS - 1},}`, 'u');

/** The spec's suspect words, matched case-insensitively as substrings (spec 2 §5). */
export const SUSPECT_WORDS = [
  'whatsapp',
  'appelez',
  'appelle',
  'contact',
  'contacter',
  'numéro',
  'numero',
  'téléphone',
  'telephone',
  'portable',
  'mobile',
  'sms',
  'watsapp',
  'whats app',
  'whatsapp me',
  'call me',
  'appelle moi',
  'appelez moi',
] as const;

/**
 * Characters as the database's char_length counts them (Unicode code points), not UTF-16 code
 * units like String.length: an emoji is one character, not two. Every length rule on text the
 * database also checks (announcements, stories, support tickets) counts with this.
 */
export const countChars = (text: string): number => {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
};

/**
 * The text cut to at most `max` characters counted as countChars counts them, so a field capped
 * with it agrees with its counter and the server, and an emoji is never cut in half.
 */
export function capChars(text: string, max: number): string {
  // Never more code points than code units: a text this short needs no cut.
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** Full-width and other compatibility digits become 0-9, odd spaces become plain ones. */
const normalize = (text: string) => text.normalize('NFKC').toLocaleLowerCase('fr');

/** True when the text holds 8 or more digits in a row, also with separators between them. */
export function hasPhoneNumber(text: string): boolean {
  return PHONE_RE.test(normalize(text));
}

/** The first suspect word found in the text, or null. */
export function findSuspectWord(text: string): string | null {
  const lower = normalize(text).replace(/\s+/g, ' ');
  return SUSPECT_WORDS.find((w) => lower.includes(w)) ?? null;
}

/** The live warning of the form (phone first), or null; while present it blocks submission. */
export function announcementContentWarning(text: string): string | null {
  if (hasPhoneNumber(text)) return ANNOUNCEMENT_MSG.phoneDetected;
  if (findSuspectWord(text)) return ANNOUNCEMENT_MSG.suspectWords;
  return null;
}

export type TDescriptionProblem =
  { kind: 'length'; message: string } | { kind: 'content'; message: string };

/**
 * The one description rule, used by the server and the form. A content warning replaces the
 * length error (spec 2 §5), except for an empty text, which is simply required.
 */
export function descriptionProblem(raw: string): TDescriptionProblem | null {
  const text = raw.trim();
  if (!text) return { kind: 'length', message: ANNOUNCEMENT_MSG.descriptionRequired };
  const warning = announcementContentWarning(text);
  if (warning) return { kind: 'content', message: warning };
  const length = countChars(text);
  if (length < ANNOUNCEMENT_MIN_LENGTH) {
    return { kind: 'length', message: ANNOUNCEMENT_MSG.descriptionTooShort };
  }
  if (length > ANNOUNCEMENT_MAX_LENGTH) {
    return { kind: 'length', message: ANNOUNCEMENT_MSG.descriptionTooLong };
  }
  return null;
}

// --- payloads and answers ----------------------------------------------------------------
// Each schema is built inside a call marked pure: the web imports the rules above and only
// the types below, so the bundler drops these calls and zod stays out of the browser.

const lazySchema = <T>(build: () => T): T => build();

const coordinate = (max: number) =>
  z.coerce
    .number({ error: ANNOUNCEMENT_MSG.positionInvalid })
    .min(-max, ANNOUNCEMENT_MSG.positionInvalid)
    .max(max, ANNOUNCEMENT_MSG.positionInvalid);

const page = () => z.coerce.number().int().min(1, 'Page invalide').max(10_000).default(1);
const category = () =>
  z.enum(ANNOUNCEMENT_CATEGORY_IDS, { error: ANNOUNCEMENT_MSG.categoryInvalid });

/** GET /announcements query (spec 1 §7): page, per_page, category, user_lat, user_lng. */
export const ZFeedQuery = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      page: page(),
      per_page: z.coerce.number().int().min(1).max(FEED_PER_PAGE_MAX).default(FEED_PER_PAGE),
      category: category().optional(),
      user_lat: coordinate(90).optional(),
      user_lng: coordinate(180).optional(),
      seeking: ZSeeking,
    })
    .refine((q) => (q.user_lat === undefined) === (q.user_lng === undefined), {
      message: ANNOUNCEMENT_MSG.positionInvalid,
      path: ['user_lng'],
    }),
);
export type TFeedQuery = z.infer<typeof ZFeedQuery>;

/** POST /my-announcements (spec 2 §7), paginated like every list. */
export const ZMyAnnouncementsRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: zText().optional(),
      page: page(),
      per_page: z.coerce.number().int().min(1).max(50).default(MY_ANNOUNCEMENTS_PER_PAGE),
    })
    .default({ page: 1, per_page: MY_ANNOUNCEMENTS_PER_PAGE }),
);

/** POST /announcements (spec 2 §7). Length and content are judged by `descriptionProblem`. */
export const ZCreateAnnouncementRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: zText().optional(),
    description: zText({ error: ANNOUNCEMENT_MSG.descriptionRequired }).max(
      ANNOUNCEMENT_MAX_LENGTH * 4,
      ANNOUNCEMENT_MSG.descriptionTooLong,
    ),
    category: category().nullish(),
  }),
);
export type TCreateAnnouncementRequest = z.infer<typeof ZCreateAnnouncementRequest>;

export const ZAnnouncementId = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
);

/** The author as the feed shows them: public fields only. */
export const ZAnnouncementAuthor = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    age: z.number().nullable(),
    gender: z.enum(['homme', 'femme']).nullable(),
    locality: z.string().nullable(),
    /** Card-size photo, shown when the photo is tapped. */
    photo: z.string().nullable(),
    /** Small square photo shown on the card itself (light on data). */
    photo_thumb: z.string().nullable(),
    /** « Profil vérifié » (issue 28). */
    verified: z.boolean(),
  }),
);

/** A feed item (spec 1 §3 "Announcement"). */
export const ZFeedAnnouncement = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    description: z.string(),
    category: category().nullable(),
    views: z.number(),
    created_at: z.string(),
    user: ZAnnouncementAuthor,
  }),
);
export type TFeedAnnouncement = z.infer<typeof ZFeedAnnouncement>;

/** One of the member's own (spec 2 §3 "Announcement"). */
export const ZMyAnnouncement = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    description: z.string(),
    category: category().nullable(),
    createdAt: z.string(),
    created_at: z.string(),
    is_active: z.boolean(),
    views: z.number(),
  }),
);
export type TMyAnnouncement = z.infer<typeof ZMyAnnouncement>;

/** `data` of POST /announcements/cost (spec 2 §3). */
export const ZAnnouncementCost = /* @__PURE__ */ lazySchema(() =>
  z.object({
    cost: z.number(),
    is_first_announcement: z.boolean(),
    user_balance: z.number(),
  }),
);
export type TAnnouncementCost = z.infer<typeof ZAnnouncementCost>;

/** `data` of a successful POST /announcements: the announcement and the balance after it. */
export const ZCreatedAnnouncement = /* @__PURE__ */ lazySchema(() =>
  ZMyAnnouncement.extend({ cost: z.number(), user_balance: z.number() }),
);
export type TCreatedAnnouncement = z.infer<typeof ZCreatedAnnouncement>;

/** Extra top-level fields of a refused POST /announcements (spec 2 §7). */
export interface TAnnouncementRefusal {
  insufficient_coins?: boolean;
  required_coins?: number;
  user_coins?: number;
  /** The text broke the phone-number or suspect-word rule ('Annonce rejetée'). */
  rejected?: boolean;
}
