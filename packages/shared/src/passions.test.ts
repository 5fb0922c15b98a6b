/** The passions catalogue and the rule of a member's choice. */
import { describe, expect, it } from 'vitest';
import {
  PASSIONS,
  PASSION_MAX,
  PASSION_MSG,
  normalisePassions,
  parsePassionsField,
  passionLabel,
  passionsProblem,
  sharedPassionCount,
} from './passions.js';

const keys = PASSIONS.map((p) => p.key);

describe('passions catalogue', () => {
  it('has unique, stable ASCII keys and unique French labels', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z_]*$/);
    const labels = PASSIONS.map((p) => p.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((l) => l.trim() === l && l.length > 1)).toBe(true);
  });

  it('holds the nine passions of spec 1 first, then more', () => {
    expect(PASSIONS.slice(0, 9).map((p) => p.label)).toEqual([
      'Voyage',
      'Cuisine',
      'Photographie',
      'Musique',
      'Sport',
      'Technologie',
      'Art',
      'Balades',
      'Danse',
    ]);
    expect(keys).toEqual(expect.arrayContaining(['football', 'cinema', 'mode']));
    expect(PASSIONS.length).toBeGreaterThan(PASSION_MAX * 2);
    // Fit for a landlocked country: no sea, beach, surf nor sailing.
    const labels = PASSIONS.map((p) => `${p.key} ${p.label}`.toLowerCase()).join(' ');
    expect(labels).not.toMatch(/plage|mer\b|surf|voile|plong|océan|bateau|nautique/);
  });

  it('labels a key, and shows a value outside the catalogue as it is', () => {
    expect(passionLabel('cinema')).toBe('Cinéma');
    expect(passionLabel('jeux_video')).toBe('Jeux vidéo');
    expect(passionLabel('Bricolage')).toBe('Bricolage');
  });
});

describe("a member's choice", () => {
  it('accepts up to 5 unique catalogue keys', () => {
    expect(passionsProblem([])).toBeNull();
    expect(passionsProblem(keys.slice(0, PASSION_MAX))).toBeNull();
    expect(passionsProblem(keys.slice(0, PASSION_MAX + 1))).toBe(PASSION_MSG.tooMany);
    expect(passionsProblem(['voyage', 'voyage'])).toBe(PASSION_MSG.duplicate);
    expect(passionsProblem(['voyage', 'Voyage'])).toBe(PASSION_MSG.unknown('Voyage'));
  });

  it('reads the form field as a JSON list; empty is none', () => {
    expect(parsePassionsField('["cuisine","danse"]')).toEqual({ passions: ['cuisine', 'danse'] });
    expect(parsePassionsField(' ')).toEqual({ passions: [] });
    expect(parsePassionsField('[]')).toEqual({ passions: [] });
    expect(parsePassionsField('cuisine')).toEqual({ error: PASSION_MSG.invalid });
    expect(parsePassionsField('{"a":1}')).toEqual({ error: PASSION_MSG.invalid });
    expect(parsePassionsField('[1]')).toEqual({ error: PASSION_MSG.invalid });
    expect(parsePassionsField('["peche"]')).toEqual({ error: 'Passion inconnue : « peche »' });
  });

  it('maps the labels older rows hold to keys, and counts the shared ones', () => {
    expect(normalisePassions(['Cinéma', 'Jeux vidéo', 'voyage', 'Voyage', 'Bricolage'])).toEqual([
      'cinema',
      'jeux_video',
      'voyage',
    ]);
    expect(sharedPassionCount(['voyage', 'cuisine', 'art'], ['Cuisine', 'art', 'mode'])).toBe(2);
    expect(sharedPassionCount([], ['art'])).toBe(0);
  });
});
