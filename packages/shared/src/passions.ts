/**
 * The passions a member may choose (spec 1 "Swipes": the nine with their own icon, plus a few
 * more that fit): stable ASCII keys, stored in users.passions and sent by the API, with their
 * French labels; the rule of a choice (catalogue keys only, unique, at most 5), the reading of
 * the `passions` form field, and the mapping of the labels older rows may still hold.
 */
import { z } from 'zod';

export const PASSIONS = [
  // spec 1 "Swipes": the nine with their own icon
  { key: 'voyage', label: 'Voyage' },
  { key: 'cuisine', label: 'Cuisine' },
  { key: 'photographie', label: 'Photographie' },
  { key: 'musique', label: 'Musique' },
  { key: 'sport', label: 'Sport' },
  { key: 'technologie', label: 'Technologie' },
  { key: 'art', label: 'Art' },
  // The spec's Plage, in a country without a sea: walks, the way members go out here.
  { key: 'balades', label: 'Balades' },
  { key: 'danse', label: 'Danse' },
  // more that fit
  { key: 'football', label: 'Football' },
  { key: 'cinema', label: 'Cinéma' },
  { key: 'mode', label: 'Mode' },
  { key: 'lecture', label: 'Lecture' },
  { key: 'jeux_video', label: 'Jeux vidéo' },
  { key: 'nature', label: 'Nature' },
  { key: 'animaux', label: 'Animaux' },
  { key: 'entrepreneuriat', label: 'Entrepreneuriat' },
] as const;

export type TPassionKey = (typeof PASSIONS)[number]['key'];
/** A member chooses at most this many passions (the swipe card shows the first 3). */
export const PASSION_MAX = 5;

export const PASSION_MSG = {
  invalid: 'Passions : liste invalide',
  tooMany: `Choisissez au plus ${PASSION_MAX} passions`,
  duplicate: "Passions : chaque passion ne peut être choisie qu'une fois",
  unknown: (key: string) => `Passion inconnue : « ${key.slice(0, 40)} »`,
  listed: 'Passions disponibles',
} as const;

const isPassionKey = (value: string): value is TPassionKey => PASSIONS.some((p) => p.key === value);

/** The French label of a key; a value outside the catalogue shows as it is. */
export const passionLabel = (key: string): string =>
  PASSIONS.find((p) => p.key === key)?.label ?? key;

/** 'Cinéma' or 'Jeux vidéo' (labels older rows hold) to their key: lower case, no accent. */
const keyOfLabel = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Stored values as catalogue keys, each once, in their order; anything else is dropped. */
export function normalisePassions(values: readonly string[]): TPassionKey[] {
  const keys = values.map(keyOfLabel).filter(isPassionKey);
  return [...new Set(keys)];
}

/** The first problem of a chosen list, or null when it may be stored. */
export function passionsProblem(values: readonly string[]): string | null {
  if (values.length > PASSION_MAX) return PASSION_MSG.tooMany;
  const unknown = values.find((v) => !isPassionKey(v));
  if (unknown !== undefined) return PASSION_MSG.unknown(unknown);
  if (new Set(values).size !== values.length) return PASSION_MSG.duplicate;
  return null;
}

/**
 * The multipart `passions` field: a JSON list of keys (`["voyage","cuisine"]`); an empty
 * field is the empty list. Answers the keys, or the French error.
 */
export function parsePassionsField(raw: string): { passions: TPassionKey[] } | { error: string } {
  if (!raw.trim()) return { passions: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { error: PASSION_MSG.invalid };
  }
  if (!Array.isArray(parsed) || !parsed.every((v): v is string => typeof v === 'string')) {
    return { error: PASSION_MSG.invalid };
  }
  const problem = passionsProblem(parsed);
  return problem ? { error: problem } : { passions: parsed.filter(isPassionKey) };
}

/** How many passions two members share (the swipe deck shows those first). */
export function sharedPassionCount(mine: readonly string[], theirs: readonly string[]): number {
  const own = new Set(normalisePassions(mine));
  return normalisePassions(theirs).filter((k) => own.has(k)).length;
}

const lazySchema = <T>(build: () => T): T => build();

/** One entry of GET /passions. */
export const ZPassion = /* @__PURE__ */ lazySchema(() =>
  z.object({ key: z.string(), label: z.string() }),
);
