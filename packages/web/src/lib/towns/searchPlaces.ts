/**
 * The search behind the locality suggestions: accent-, case- and punctuation-insensitive
 * ('dedougou' finds Dédougou, 'patte d oie' Patte d'Oie). Best first: the name itself, a name
 * starting with the text, a word of the name starting with it, then the district's town or the
 * country ('bobo' lists Bobo-Dioulasso, then its districts), then the text anywhere in the name.
 * Ties keep the list's order (towns by importance before districts).
 */
import { PLACES, type Place } from './places';

const SUGGESTION_MAX = 8;

/** 'Patte d’Oie' → 'patte d oie': no accents, lower case, words split on anything else. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Indexed {
  place: Place;
  name: string;
  nameWords: string[];
  /** Name, town and country words. */
  allWords: string[];
  compactName: string;
}

let index: Indexed[] | null = null;

function indexed(): Indexed[] {
  index ??= PLACES.map((place) => {
    const name = normalise(place.name);
    return {
      place,
      name,
      nameWords: name.split(' '),
      allWords: normalise(place.value).split(' '),
      compactName: name.replace(/ /g, ''),
    };
  });
  return index;
}

const everyTokenStartsAWord = (tokens: string[], words: string[]) =>
  tokens.every((t) => words.some((w) => w.startsWith(t)));

/** How well a place matches (0 best), or null when it does not. */
function rank(entry: Indexed, query: string, tokens: string[]): number | null {
  if (entry.name === query) return 0;
  if (entry.name.startsWith(query)) return 1;
  if (everyTokenStartsAWord(tokens, entry.nameWords)) return 2;
  if (everyTokenStartsAWord(tokens, entry.allWords)) return 3;
  if (entry.compactName.includes(query.replace(/ /g, ''))) return 4;
  return null;
}

/** The places matching what the member typed, best first, at most `max`; none for blank text. */
export function searchPlaces(text: string, max = SUGGESTION_MAX): Place[] {
  const query = normalise(text);
  if (!query) return [];
  const tokens = query.split(' ');
  return indexed()
    .map((entry, order) => ({ entry, order, rank: rank(entry, query, tokens) }))
    .filter((m): m is { entry: Indexed; order: number; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, max)
    .map((m) => m.entry.place);
}
