/**
 * Swipes and nearby contract (spec 1 "Swipes", "Nearby map", §4, §7, §8, §9): constants,
 * French texts, payloads and answers of /swipe/profiles, /swipe and /location/*, and the
 * age-filter rule.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { DEFAULT_POSITION } from './constants.js';
import type { TLatLng } from './geo.js';
import { ZSeeking } from './seeking.js';
import { ZCardPhoto } from './photos.js';

// --- constants (spec 1 §9) -----------------------------------------------------------------

export const SWIPE_FETCH_LIMIT = 10;
export const SWIPE_FETCH_LIMIT_MAX = 20;
/** At most this many seen ids are sent back as exclusions (the server also skips swiped ones). */
export const SWIPE_EXCLUDE_MAX = 500;
export const SWIPE_BIO_CUT = 100;
export const SWIPE_PASSION_CHIPS = 3;
export const SWIPE_LIKE_ANIMATION_MS = 1_000;
export const SWIPE_LOADER_TIMEOUT_MS = 10_000;
export const SWIPE_MIN_FETCH_GAP_MS = 2_000;
export const SWIPE_PREFETCH_REMAINING = 2;
export const SWIPE_PREFETCH_GAP_MS = 3_000;
export const SWIPE_LOCATION_CACHE_MS = 30_000;
export const SWIPE_LOCATION_TIMEOUT_MS = 3_000;

export const NEAR_DEFAULT_RADIUS_KM = 50;
export const NEAR_RADIUS_MIN_KM = 1;
export const NEAR_RADIUS_MAX_KM = 100;
export const NEAR_DEFAULT_MIN_AGE = 18;
export const NEAR_DEFAULT_MAX_AGE = 99;
export const NEAR_DEFAULT_ZOOM = 13;
export const NEAR_MIN_ZOOM = 1;
export const NEAR_MAX_ZOOM = 20;
export const NEAR_LOCATION_TIMEOUT_MS = 10_000;
export const NEAR_LOCATION_CACHE_MS = 60_000;
/** Members returned by one /location/nearby call, nearest first. */
export const NEAR_MAX_RESULTS = 50;
export const DEFAULT_CITY: TLatLng = DEFAULT_POSITION;

/** Rate limits that slow down trilateration by moving one's own position (per member). */
export const LOCATION_UPDATE_LIMIT = { max: 30, windowS: 600 } as const;
export const NEARBY_SEARCH_LIMIT = { max: 60, windowS: 600 } as const;
export const SWIPE_LIMIT = { max: 600, windowS: 600 } as const;

// --- French texts (spec 1 §2, §8) ----------------------------------------------------------

export const SWIPE_MSG = {
  loadingMore: 'Chargement de nouveaux profils...',
  loadError: 'Erreur de chargement',
  emptyTitle: 'Plus de profils disponibles',
  emptyText: 'Plus de profils pour le moment',
  noNew: 'Aucun nouveau profil disponible pour le moment',
  profilesError: 'Erreur lors du chargement des profils',
  connection: 'Erreur de connexion',
  fetchError: 'Erreur lors de la récupération des profils',
  swipeError: 'Erreur lors du swipe',
  retry: 'Réessayer',
  seeMore: 'Voir plus',
  seeLess: 'Voir moins',
  dislike: 'Je passe',
  like: "J'aime",
  message: 'Envoyer un message',
  matchTitle: "C'est un match !",
  matchText: (name: string) => `Vous et ${name} vous êtes plu mutuellement.`,
  matchMessage: 'Envoyer un message',
  matchContinue: 'Continuer',
  chatInvalid: 'Profil invalide pour créer un chat',
  chatError: 'Erreur lors de la création du chat',
  chatConnection: 'Erreur de connexion lors de la création du chat',
  targetNotFound: 'Profil introuvable',
  selfSwipe: 'Vous ne pouvez pas swiper votre propre profil.',
  liked: 'Profil aimé',
  disliked: 'Profil passé',
} as const;

export const NEAR_MSG = {
  title: 'À proximité',
  searching: "Recherche d'utilisateurs proches...",
  loadError: 'Impossible de charger les utilisateurs proches. Vérifiez votre connexion.',
  distance: (km: number) => `À ${km} km de vous`,
  /** A member who hides their distance: their town, or nothing said. */
  town: (locality: string | null) => (locality ? `À ${locality}` : 'Distance masquée'),
  message: 'Envoyer un message',
  filters: 'Filtres',
  radius: 'Distance',
  minAge: 'Âge minimum',
  maxAge: 'Âge maximum',
  apply: 'Appliquer',
  close: 'Fermer',
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  recentre: 'Recentrer',
  me: 'Vous êtes ici',
  /** A map cluster's accessible name: tapping it zooms in until it splits. */
  cluster: (count: number) => `${count} membres, zoomer`,
  empty: 'Personne à proximité pour le moment. Élargissez la distance dans les filtres.',
  listTitle: 'Personnes à proximité',
  /** The background tiles did not load (slow or cut connection): the members stay on the map. */
  mapTilesFailed:
    "Le fond de carte ne s'est pas chargé (connexion lente ou coupée). Les membres restent sur la carte et dans la liste.",
  /** The map itself could not start: the list stays. */
  mapBrokenTitle: 'Carte indisponible',
  mapBrokenText:
    "La carte ne peut pas s'afficher. Les personnes à proximité restent dans la liste.",
  positionSaved: 'Position mise à jour',
  latitudeInvalid: 'Latitude invalide',
  longitudeInvalid: 'Longitude invalide',
  radiusInvalid: `La distance doit être comprise entre ${NEAR_RADIUS_MIN_KM} et ${NEAR_RADIUS_MAX_KM} km`,
  ageInvalid: 'Âge invalide',
  ageOrder: "L'âge minimum doit être inférieur ou égal à l'âge maximum",
} as const;

// --- payloads ------------------------------------------------------------------------------
// Each schema is built inside a call marked pure: the web imports the constants, texts and
// rules of this file and only the types below, so the bundler drops these calls and zod stays
// out of the browser.

const lazySchema = <T>(build: () => T): T => build();

const token = () => zText().optional();
const latitude = () =>
  z.coerce
    .number({ error: NEAR_MSG.latitudeInvalid })
    .min(-90, NEAR_MSG.latitudeInvalid)
    .max(90, NEAR_MSG.latitudeInvalid);
const longitude = () =>
  z.coerce
    .number({ error: NEAR_MSG.longitudeInvalid })
    .min(-180, NEAR_MSG.longitudeInvalid)
    .max(180, NEAR_MSG.longitudeInvalid);
const userId = () =>
  z.coerce
    .number({ error: SWIPE_MSG.targetNotFound })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER);
const age = () =>
  z.coerce.number({ error: NEAR_MSG.ageInvalid }).int(NEAR_MSG.ageInvalid).min(0).max(150);

export const ZSwipeProfilesRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    limit: z.coerce.number().int().min(1).max(SWIPE_FETCH_LIMIT_MAX).default(SWIPE_FETCH_LIMIT),
    exclude_ids: z.array(userId()).max(SWIPE_EXCLUDE_MAX).default([]),
    user_lat: latitude().nullable().optional(),
    user_lng: longitude().nullable().optional(),
    seeking: ZSeeking,
    /** « Profils vérifiés uniquement » (issue 28): only members with the badge. */
    verified_only: z.boolean().optional(),
  }),
);
export type TSwipeProfilesRequest = z.input<typeof ZSwipeProfilesRequest>;

export const SWIPE_ACTIONS = ['like', 'dislike'] as const;
export type TSwipeAction = (typeof SWIPE_ACTIONS)[number];

export const ZSwipeRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    target_user_id: userId(),
    action: z.enum(SWIPE_ACTIONS, { error: 'Action invalide' }),
  }),
);
export type TSwipeRequest = z.input<typeof ZSwipeRequest>;

export const ZLocationUpdateRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: token(), latitude: latitude(), longitude: longitude() }),
);
export type TLocationUpdateRequest = z.input<typeof ZLocationUpdateRequest>;

export const ZNearbyRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: token(),
      latitude: latitude(),
      longitude: longitude(),
      radius: z.coerce
        .number({ error: NEAR_MSG.radiusInvalid })
        .min(NEAR_RADIUS_MIN_KM, NEAR_MSG.radiusInvalid)
        .max(NEAR_RADIUS_MAX_KM, NEAR_MSG.radiusInvalid)
        .default(NEAR_DEFAULT_RADIUS_KM),
      min_age: age().default(NEAR_DEFAULT_MIN_AGE),
      max_age: age().default(NEAR_DEFAULT_MAX_AGE),
      seeking: ZSeeking,
      /** « Profils vérifiés uniquement » (issue 28). */
      verified_only: z.boolean().optional(),
    })
    .refine((q) => q.min_age <= q.max_age, { message: NEAR_MSG.ageOrder, path: ['min_age'] }),
);
export type TNearbyRequest = z.input<typeof ZNearbyRequest>;

// --- answers -------------------------------------------------------------------------------

/** A swipe card. lat/lng are the member's fuzzed marker point, never their stored position. */
export const ZSwipeProfile = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    age: z.number().nullable(),
    locality: z.string().nullable(),
    bio: z.string().nullable(),
    photo: z.string().nullable(),
    /** The small square photo: what the card shows with « Économie de données » until tapped. */
    photo_thumb: z.string().nullable(),
    /** The same card, lighter (320 px wide): what the deck shows on mobile data. */
    photo_lite: z.string().nullable(),
    /** The other photos of the gallery, in order: light variants only (issue 28). */
    more_photos: z.array(ZCardPhoto),
    /** « Profil vérifié ». */
    verified: z.boolean(),
    passions: z.array(z.string()),
    /** Whole km (at least 1) from the caller's stored position; null when the member has none. */
    distance: z.number().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
);
export type TSwipeProfile = z.infer<typeof ZSwipeProfile>;

export const ZSwipeResult = /* @__PURE__ */ lazySchema(() =>
  z.object({
    action: z.enum(SWIPE_ACTIONS),
    is_match: z.boolean(),
    /** The chat of the pair when it is a match (new or earlier), else null. */
    chat_id: z.number().nullable(),
  }),
);
export type TSwipeResult = z.infer<typeof ZSwipeResult>;

export const ZNearbyUser = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    age: z.number().nullable(),
    /** Card-size photo (bottom sheet); photo_thumb is the small one for map markers. */
    photo: z.string().nullable(),
    photo_thumb: z.string().nullable(),
    /** The card photo, lighter: what the bottom sheet shows on mobile data. */
    photo_lite: z.string().nullable(),
    /**
     * Fuzzed marker point, 300–800 m from the stored position, stable per member; for a member
     * who hides their distance, only the town's square (a tenth of a degree, about 11 km).
     */
    position: z.object({ lat: z.number(), lng: z.number() }),
    /** Null when the member hides their distance (« Masquer ma distance »): show the town. */
    distance: z.number().nullable(),
    locality: z.string().nullable(),
    verified: z.boolean(),
  }),
);
export type TNearbyUser = z.infer<typeof ZNearbyUser>;

export const ZOwnLocation = /* @__PURE__ */ lazySchema(() =>
  z.object({
    latitude: z.number(),
    longitude: z.number(),
    /** True when no position is stored yet and the default city is answered. */
    is_default: z.boolean(),
    updated_at: z.string().nullable(),
  }),
);
export type TOwnLocation = z.infer<typeof ZOwnLocation>;

/** `data` of POST /location/update: the position as stored (rounded). */
export const ZSavedLocation = /* @__PURE__ */ lazySchema(() =>
  z.object({ latitude: z.number(), longitude: z.number() }),
);

// --- rules ---------------------------------------------------------------------------------

/** The default 18–99 range means "everyone", including members whose age is not known. */
export function isAgeFilterActive(minAge: number, maxAge: number): boolean {
  return minAge > NEAR_DEFAULT_MIN_AGE || maxAge < NEAR_DEFAULT_MAX_AGE;
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The day `years` years before `today` (29 February falls back to 28 February). */
function yearsBefore(today: Date, years: number): { y: number; m: number; d: number } {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth() + 1;
  let d = today.getUTCDate();
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) d = 28;
  return { y, m, d };
}

/**
 * Birth dates (inclusive, YYYY-MM-DD) of members aged min..max on `today`: born on or before
 * today minus `min` years, and after today minus `max + 1` years.
 */
export function birthDateRange(minAge: number, maxAge: number, today: Date) {
  const latest = yearsBefore(today, minAge);
  const before = yearsBefore(today, maxAge + 1);
  const earliest = new Date(Date.UTC(before.y, before.m - 1, before.d + 1));
  return {
    bornOnOrAfter: iso(
      earliest.getUTCFullYear(),
      earliest.getUTCMonth() + 1,
      earliest.getUTCDate(),
    ),
    bornOnOrBefore: iso(latest.y, latest.m, latest.d),
  };
}
