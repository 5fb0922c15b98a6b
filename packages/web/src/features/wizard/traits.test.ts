import { describe, expect, it } from 'vitest';
import { traitLabel } from './traits';

describe('trait labels (spec 1 §5)', () => {
  it('reads low end, Assez + low, Moyen, Assez + high, high end', () => {
    const labels = [1, 2, 3, 4, 5].map((v) => traitLabel('height', v, 'homme'));
    expect(labels).toEqual(['Petit', 'Assez petit', 'Moyen', 'Assez grand', 'Grand']);
  });

  it('uses the feminine wording for a femme', () => {
    expect(traitLabel('height', 5, 'femme')).toBe('Grande');
    expect(traitLabel('weight', 4, 'femme')).toBe('Assez corpulente');
    expect(traitLabel('personality', 5, 'femme')).toBe('Extravertie');
    expect(traitLabel('lifestyle', 4, 'femme')).toBe('Assez active');
    expect(traitLabel('ambition', 5, 'femme')).toBe('Ambitieuse');
  });

  it('uses the masculine wording until a gender is chosen', () => {
    expect(traitLabel('lifestyle', 2, null)).toBe('Assez sédentaire');
  });
});
