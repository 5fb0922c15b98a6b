/**
 * Demo portraits as drawings: the same member always gets the same one, members with different
 * seeds get different ones, and the options stay in the West African choices (dark skin tones,
 * no beard on women, grey hair only from 45).
 */
import { describe, expect, it } from 'vitest';
import { portraitOptions, portraitSvg } from '../src/db/seed/portrait.js';
import { HEADS, SKIN_TONES } from '../src/db/seed/data/portraits.js';

describe('demo portraits', () => {
  it('draws the same portrait for the same member and different ones for different members', () => {
    const amina = { seed: 4_211, gender: 'femme', age: 27 } as const;
    expect(portraitSvg(amina)).toBe(portraitSvg({ ...amina }));
    const svgs = new Set(
      Array.from({ length: 50 }, (_, i) =>
        portraitSvg({ seed: i * 7_919, gender: 'homme', age: 30 }),
      ),
    );
    expect(svgs.size).toBe(50);
    expect(portraitSvg({ ...amina, seed: 4_212 })).not.toBe(portraitSvg(amina));
  });

  it('keeps to dark skin tones, gendered hair, and beards for men only', () => {
    for (let seed = 0; seed < 300; seed += 1) {
      const gender = seed % 2 ? 'femme' : 'homme';
      const age = 18 + (seed % 43);
      const o = portraitOptions({ seed, gender, age });
      expect(SKIN_TONES).toContain(o.skinColor[0]);
      const heads = HEADS[gender];
      const allowed = age >= 45 ? [...heads.all, ...heads.older] : heads.all;
      expect(allowed).toContain(o.head[0]);
      if (gender === 'femme') expect(o.facialHairProbability).toBe(0);
      expect(o.maskProbability).toBe(0);
    }
  });

  it('gives men short hair and women long or wrapped styles, read at a glance on a card', () => {
    // Long dreads and twists made the male demo account read as a woman; short cuts the reverse.
    const long = ['dreads1', 'dreads2', 'twists', 'twists2', 'longAfro', 'bantuKnots', 'long'];
    const short = ['afro', 'cornrows', 'flatTop', 'short1', 'short2', 'short3', 'shaved1'];
    for (const head of [...HEADS.homme.all, ...HEADS.homme.older]) {
      expect(
        long.some((l) => head.startsWith(l)),
        head,
      ).toBe(false);
    }
    for (const head of [...HEADS.femme.all, ...HEADS.femme.older]) {
      expect(short, head).not.toContain(head);
    }
  });
});
