/**
 * The locality suggestions' search and list: accents, case and punctuation do not matter, a name
 * starting with the text comes before a word inside it and before a mere substring, and every
 * place gives a locality the server accepts, in the 'city, country' form.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_LOCALITY_MAX } from '@app/shared';
import { PLACES } from './places';
import { searchPlaces } from './searchPlaces';

const values = (text: string) => searchPlaces(text).map((p) => p.value);

describe('searchPlaces', () => {
  it('puts Ouagadougou first for "ouaga", before its districts', () => {
    const found = values('ouaga');
    expect(found[0]).toBe('Ouagadougou, Burkina Faso');
    expect(found[1]).toBe('Ouaga 2000, Ouagadougou, Burkina Faso');
    expect(found).toContain('Gounghin, Ouagadougou, Burkina Faso');
  });

  it('ignores accents and case', () => {
    expect(values('dedougou')[0]).toBe('Dédougou, Burkina Faso');
    expect(values('DÉDOUGOU')[0]).toBe('Dédougou, Burkina Faso');
    expect(values('ziniare')[0]).toBe('Ziniaré, Burkina Faso');
  });

  it('ignores apostrophes and hyphens', () => {
    expect(values('patte')[0]).toBe("Patte d'Oie, Ouagadougou, Burkina Faso");
    expect(values("patte d'oie")[0]).toBe("Patte d'Oie, Ouagadougou, Burkina Faso");
    expect(values('fada ngourma')[0]).toBe("Fada N'Gourma, Burkina Faso");
    expect(values('bobo dioulasso')[0]).toBe('Bobo-Dioulasso, Burkina Faso');
  });

  it('lists a town, then its districts, for the town name', () => {
    const found = searchPlaces('bobo');
    expect(found[0]?.value).toBe('Bobo-Dioulasso, Burkina Faso');
    expect(found.slice(1).every((p) => p.town === 'Bobo-Dioulasso')).toBe(true);
    expect(found.length).toBeGreaterThan(1);
  });

  it('prefers the exact name, then a word start, then a substring', () => {
    expect(values('po')[0]).toBe('Pô, Burkina Faso');
    // A word inside the name ('Cité An III') comes before a substring ('Tanghin', 'Kantchari').
    expect(values('an')[0]).toBe('Cité An III, Ouagadougou, Burkina Faso');
    const dogo = values('dogo');
    expect(dogo[0]).toBe('Dogona, Bobo-Dioulasso, Burkina Faso');
    expect(dogo).toContain('Bendogo, Ouagadougou, Burkina Faso');
    expect(dogo.indexOf('Dogona, Bobo-Dioulasso, Burkina Faso')).toBeLessThan(
      dogo.indexOf('Bendogo, Ouagadougou, Burkina Faso'),
    );
  });

  it('finds a district with its town', () => {
    expect(values('gounghin ouaga')).toEqual(['Gounghin, Ouagadougou, Burkina Faso']);
  });

  it('gives nothing for blank text or an unknown place, and at most 8', () => {
    expect(searchPlaces('  ')).toEqual([]);
    expect(searchPlaces('Paris')).toEqual([]);
    expect(searchPlaces('a').length).toBe(8);
    expect(searchPlaces('a', 3).length).toBe(3);
  });
});

describe('PLACES', () => {
  it('holds the regional capitals and at least 60 towns, each once', () => {
    const towns = PLACES.filter((p) => !p.town).map((p) => p.name);
    expect(towns.length).toBeGreaterThanOrEqual(60);
    for (const capital of ['Ouagadougou', 'Bobo-Dioulasso', 'Dédougou', "Fada N'Gourma", 'Dori'])
      expect(towns).toContain(capital);
    expect(new Set(PLACES.map((p) => p.value)).size).toBe(PLACES.length);
  });

  it('gives localities in the "city, country" form that the profile accepts', () => {
    for (const p of PLACES) {
      expect(p.value).toBe(
        p.town ? `${p.name}, ${p.town}, Burkina Faso` : `${p.name}, Burkina Faso`,
      );
      expect(p.value.length).toBeLessThanOrEqual(PROFILE_LOCALITY_MAX);
    }
    const districtTowns = new Set(PLACES.flatMap((p) => (p.town ? [p.town] : [])));
    expect([...districtTowns]).toEqual(['Ouagadougou', 'Bobo-Dioulasso']);
  });
});
