/**
 * Property-based tests of the text rules shared by the server and the forms: phone numbers and
 * contact words in announcements and stories, Burkina phone numbers for mobile money, and the
 * length limits counted as the database counts them (code points).
 */
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MIN_LENGTH,
  ANNOUNCEMENT_MSG,
  PHONE_MIN_DIGITS,
  SUSPECT_WORDS,
  capChars,
  countChars,
  descriptionProblem,
  findSuspectWord,
  hasPhoneNumber,
} from './announcements.js';
import {
  STORY_MAX_LENGTH,
  STORY_MIN_LENGTH,
  storyContentError,
  storyHoldReason,
} from './stories.js';
import { normalizeBurkinaPhone } from './coins.js';

const digit = fc.integer({ min: 0, max: 9 }).map(String);
/** What people put between the digits of a number: up to three spaces, dots or dashes. */
const separator = fc
  .array(fc.constantFrom(' ', '.', '-'), { maxLength: 3 })
  .map((parts) => parts.join(''));
/** Letters that spell no suspect word, so texts built from them are clean by construction. */
const cleanLetters = fc
  .array(fc.constantFrom(...'bfgjkqvxyz BFGJKQVXYZ'), { minLength: 0, maxLength: 40 })
  .map((cs) => cs.join(''));

/** A number of `min` or more digits written with arbitrary separators between the digits. */
const writtenNumber = (min: number) =>
  fc
    .array(fc.tuple(digit, separator), { minLength: min, maxLength: min + 6 })
    .map((parts) => parts.map(([d, s], i) => (i === 0 ? d : s + d)).join(''));

describe('phone numbers in texts', () => {
  test.prop([cleanLetters, writtenNumber(PHONE_MIN_DIGITS), cleanLetters])(
    'finds 8 or more digits, with spaces, dots or dashes between them, anywhere in a text',
    (before, number, after) => {
      expect(hasPhoneNumber(`${before} ${number} ${after}`)).toBe(true);
    },
  );

  test.prop([writtenNumber(PHONE_MIN_DIGITS)])(
    'finds it written in full-width digits too',
    (number) => {
      const wide = number.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
      expect(hasPhoneNumber(wide)).toBe(true);
    },
  );

  test.prop([fc.array(writtenNumber(1).filter((n) => n.replace(/\D/g, '').length < 8))])(
    'leaves alone shorter numbers kept apart by words',
    (numbers) => {
      expect(hasPhoneNumber(numbers.join(' ans et ') + ' ans')).toBe(false);
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 28 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1900, max: 2100 }),
  ])('does not take a date with slashes for a phone number', (d, m, y) => {
    const dd = String(d).padStart(2, '0');
    const mm = String(m).padStart(2, '0');
    expect(hasPhoneNumber(`née le ${dd}/${mm}/${y}`)).toBe(false);
  });

  test.prop([fc.constantFrom(...SUSPECT_WORDS), cleanLetters, cleanLetters, fc.boolean()])(
    'finds every contact word whatever its case and surroundings',
    (word, before, after, upper) => {
      const text = `${before} ${upper ? word.toUpperCase() : word} ${after}`;
      expect(findSuspectWord(text)).not.toBeNull();
      expect(storyHoldReason(text)).toBe('contact_words');
    },
  );

  test.prop([cleanLetters])('lets a text without digits or contact words through', (text) => {
    expect(hasPhoneNumber(text)).toBe(false);
    expect(findSuspectWord(text)).toBeNull();
    expect(storyHoldReason(text)).toBeNull();
  });

  test.prop([fc.constantFrom(...SUSPECT_WORDS), writtenNumber(PHONE_MIN_DIGITS)])(
    'puts the phone number first when a text has both',
    (word, number) => {
      expect(storyHoldReason(`${word} ${number}`)).toBe('phone');
      expect(descriptionProblem(`${word} ${number} ${'b'.repeat(60)}`)).toEqual({
        kind: 'content',
        message: ANNOUNCEMENT_MSG.phoneDetected,
      });
    },
  );
});

describe('Burkina phone numbers for mobile money', () => {
  test.prop([
    fc.array(digit, { minLength: 8, maxLength: 8 }).map((ds) => ds.join('')),
    fc.constantFrom('', '+226', '00226', '+226 ', '(+226) '),
    fc.array(fc.constantFrom(' ', '.', '-', ''), { minLength: 7, maxLength: 7 }),
  ])('reads the 8 national digits however they are written', (national, prefix, seps) => {
    const written =
      prefix + [...national].map((d, i) => (i === 0 ? d : (seps[i - 1] ?? '') + d)).join('');
    expect(normalizeBurkinaPhone(written)).toBe(national);
  });

  test.prop([fc.array(digit, { minLength: 1, maxLength: 12 }).filter((ds) => ds.length !== 8)])(
    'refuses any other count of digits',
    (ds) => {
      expect(normalizeBurkinaPhone(ds.join(''))).toBeNull();
    },
  );
});

/** Half of a character outside the basic plane: what a cut in the middle of an emoji leaves. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('text limits, counted in code points', () => {
  test.prop([fc.string({ unit: 'grapheme', maxLength: 200 })])(
    'counts an emoji or any astral character as one, like the database',
    (text) => {
      expect(countChars(text)).toBe(Array.from(text).length);
      expect(countChars(text)).toBeLessThanOrEqual(text.length);
    },
  );

  test.prop([fc.string({ unit: 'grapheme', maxLength: 200 }), fc.nat({ max: 220 })])(
    'caps a text at a count of characters without cutting one in half',
    (text, max) => {
      const cut = capChars(text, max);
      expect(countChars(cut)).toBe(Math.min(countChars(text), max));
      expect(text.startsWith(cut)).toBe(true);
      expect(cut).not.toMatch(LONE_SURROGATE);
    },
  );

  const cleanText = (min: number, max: number) =>
    fc
      .array(fc.constantFrom(...'bfgjkq😀é'), { minLength: min, maxLength: max })
      .map((cs) => cs.join(''));

  test.prop([cleanText(1, STORY_MAX_LENGTH + 20)])(
    'accepts a story exactly when its length is within the limits',
    (text) => {
      const n = countChars(text);
      const ok = n >= STORY_MIN_LENGTH && n <= STORY_MAX_LENGTH;
      expect(storyContentError(text) === null).toBe(ok);
    },
  );

  test.prop([cleanText(1, ANNOUNCEMENT_MAX_LENGTH + 20)])(
    'accepts an announcement exactly when its length is within the limits',
    (text) => {
      const n = countChars(text);
      const ok = n >= ANNOUNCEMENT_MIN_LENGTH && n <= ANNOUNCEMENT_MAX_LENGTH;
      expect(descriptionProblem(text) === null).toBe(ok);
      if (!ok) expect(descriptionProblem(text)?.kind).toBe('length');
    },
  );
});
