/**
 * The five self-rated traits (spec 1 §5): scale 1 to 5, 1 the low end, 2 'Assez' + low end,
 * 3 'Moyen', 4 'Assez' + high end, 5 the high end; feminine wording when the member is a femme.
 */
import type { TGender, TTraitKey } from '@app/shared';

type Ends = readonly [low: string, high: string];

const ENDS: Record<TTraitKey, Record<TGender, Ends>> = {
  height: { homme: ['Petit', 'Grand'], femme: ['Petite', 'Grande'] },
  weight: { homme: ['Mince', 'Corpulent'], femme: ['Mince', 'Corpulente'] },
  personality: { homme: ['Timide', 'Extraverti'], femme: ['Timide', 'Extravertie'] },
  lifestyle: { homme: ['Sédentaire', 'Actif'], femme: ['Sédentaire', 'Active'] },
  ambition: { homme: ['Modeste', 'Ambitieux'], femme: ['Modeste', 'Ambitieuse'] },
};

export const TRAIT_MIN = 1;
export const TRAIT_MAX = 5;

/** Masculine wording until a gender is chosen. */
export function traitEnds(key: TTraitKey, gender: TGender | null): Ends {
  return ENDS[key][gender ?? 'homme'];
}

export function traitLabel(key: TTraitKey, value: number, gender: TGender | null): string {
  const [low, high] = traitEnds(key, gender);
  if (value <= 1) return low;
  if (value === 2) return `Assez ${low.toLowerCase()}`;
  if (value === 3) return 'Moyen';
  if (value === 4) return `Assez ${high.toLowerCase()}`;
  return high;
}
