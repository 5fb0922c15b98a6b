/**
 * Demo portraits, drawn offline: an illustrated head and shoulders per demo member from
 * DiceBear's Open Peeps style (drawings by Pablo Stanley, CC0; DiceBear's code MIT), with
 * options that fit West Africa (data/portraits.ts). Every option is picked here from the
 * member's portrait seed, so the same member always gets the same drawing and DiceBear's own
 * randomness has nothing left to choose. The SVG is rendered to PNG by sharp; the PNG then goes
 * through the same photo pipeline as an upload.
 */
import { createAvatar } from '@dicebear/core';
import * as openPeeps from '@dicebear/open-peeps';
import sharp from 'sharp';
import { createRng } from './rng.js';
import type { Gender } from './demo-members.js';
import {
  BACKGROUNDS,
  CLOTH_HEADS,
  FABRIC_COLOURS,
  FACES,
  FACIAL_HAIR,
  FACIAL_HAIR_CHANCE,
  GLASSES,
  GLASSES_CHANCE,
  HAIR_COLOUR,
  HEADS,
  OLDER_FROM_AGE,
  SKIN_TONES,
} from './data/portraits.js';

/**
 * The drawing's side, and so the `full` variant's (the pipeline never enlarges; the card is 480
 * as for uploads): a portrait opened full screen on a 360 px phone at 2x stays sharp. Measured
 * per portrait on the 2-core machine: 480 px, 19 ms to draw and 47 to encode; 720 px, 30 and
 * 82, the time the AVIF twins took before they were left to the first request (members.ts).
 */
const PORTRAIT_SIZE = 720;

export interface PortraitInput {
  /** Any integer, the member's own: picks every part of the drawing. */
  seed: number;
  gender: Gender;
  age: number;
}

/** The drawing's options, each a single choice: equal options, equal drawings. */
export function portraitOptions({ seed, gender, age }: PortraitInput) {
  const rng = createRng(seed);
  const heads = HEADS[gender];
  const head = rng.pick(age >= OLDER_FROM_AGE ? [...heads.all, ...heads.older] : heads.all);
  const [from, to] = rng.pick(BACKGROUNDS);
  const cloth = rng.pick(FABRIC_COLOURS);
  const hasFacialHair = gender === 'homme' && rng.chance(FACIAL_HAIR_CHANCE);
  const hasGlasses = rng.chance(GLASSES_CHANCE + (age >= OLDER_FROM_AGE ? 0.2 : 0));
  return {
    seed: String(seed),
    size: PORTRAIT_SIZE,
    head: [head],
    skinColor: [rng.pick(SKIN_TONES)],
    face: [rng.pick(FACES)],
    clothingColor: [rng.pick(FABRIC_COLOURS)],
    headContrastColor: [CLOTH_HEADS.has(head) ? cloth : HAIR_COLOUR],
    facialHair: [rng.pick(FACIAL_HAIR)],
    facialHairProbability: hasFacialHair ? 100 : 0,
    accessories: [rng.pick(GLASSES)],
    accessoriesProbability: hasGlasses ? 100 : 0,
    maskProbability: 0,
    backgroundType: ['gradientLinear' as const],
    backgroundColor: [from, to],
    backgroundRotation: [rng.int(0, 359)],
  };
}

export function portraitSvg(input: PortraitInput): string {
  return createAvatar(openPeeps, portraitOptions(input)).toString();
}

/** A PNG of the portrait, fast to write (no compression): it is re-encoded right after. */
export function renderPortrait(input: PortraitInput): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(input)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}
