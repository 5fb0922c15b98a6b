/**
 * The choices a demo portrait is drawn from (DiceBear's Open Peeps parts): skin tones in the
 * darker range, hair and head wraps worn in West Africa, wax-print colours for clothes and
 * wraps, friendly faces only, and warm backgrounds. Colours are hex without '#', as DiceBear
 * takes them.
 */
import type { Options } from '@dicebear/open-peeps';

type Head = NonNullable<Options['head']>[number];
type Face = NonNullable<Options['face']>[number];
type FacialHair = NonNullable<Options['facialHair']>[number];
type Accessory = NonNullable<Options['accessories']>[number];

export const SKIN_TONES = ['3f2618', '4e2d1d', '5c3a21', '694d3d', '7d4b2a', '8d5524', 'a0612f'];

/**
 * Hair by gender, each style read at a glance as the member's gender on a small card: short
 * cuts for men (no long dreads or twists: the male demo account read as a woman), long or
 * wrapped styles for women (no short afro or short cornrows). From 45, grey or bald too.
 */
export const HEADS: Record<'homme' | 'femme', { all: readonly Head[]; older: readonly Head[] }> =
  {
    homme: {
      all: ['afro', 'cornrows', 'flatTop', 'shaved1', 'shaved2', 'short1', 'short2', 'short3'],
      older: ['grayShort', 'noHair1', 'noHair2', 'shaved2'],
    },
    femme: {
      all: ['longAfro', 'bantuKnots', 'buns', 'bun', 'cornrows2', 'twists2', 'hijab', 'turban'],
      older: ['grayBun', 'turban', 'hijab'],
    },
  };

export const OLDER_FROM_AGE = 45;

export const FACES: readonly Face[] = [
  'smile',
  'smileBig',
  'calm',
  'cute',
  'cheeky',
  'smileTeethGap',
];

/** Beards and moustaches, for about a third of the men. */
export const FACIAL_HAIR: readonly FacialHair[] = [
  'chin',
  'full',
  'full2',
  'goatee1',
  'goatee2',
  'moustache1',
  'moustache2',
];
export const FACIAL_HAIR_CHANCE = 0.35;

export const GLASSES: readonly Accessory[] = ['glasses', 'glasses2', 'glasses4'];
export const GLASSES_CHANCE = 0.12;

/** Heads whose second colour is cloth (a wrap, a headband); on the others it is hair. */
export const CLOTH_HEADS: ReadonlySet<string> = new Set(['hijab', 'turban', 'bun', 'grayBun']);
export const HAIR_COLOUR = '1c1310';

/** Wax-print and Faso Dan Fani colours: clothes, head wraps and headbands. */
export const FABRIC_COLOURS = [
  'e0a100',
  'c0392b',
  '1e8449',
  '2874a6',
  'd35400',
  '8e44ad',
  '16a085',
  'f4d03f',
  'b03a2e',
  '117864',
];

/** Soft warm background pairs (ochre, terracotta, sand, savannah green, sky). */
export const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['f6d365', 'fda085'],
  ['fccb90', 'f3a683'],
  ['ffd194', 'd1913c'],
  ['e6b980', 'eacda3'],
  ['c1dfc4', 'deecdd'],
  ['a1c4fd', 'c2e9fb'],
  ['96e6a1', 'd4fc79'],
  ['fbc2eb', 'a6c1ee'],
];
