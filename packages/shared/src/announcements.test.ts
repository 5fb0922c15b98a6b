import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_MSG,
  ZCreateAnnouncementRequest,
  ZFeedQuery,
  announcementContentWarning,
  capChars,
  countChars,
  descriptionProblem,
  findSuspectWord,
  hasPhoneNumber,
} from './announcements.js';

const clean =
  'Jeune femme calme et souriante, je cherche une relation sérieuse avec un homme respectueux.';

describe('hasPhoneNumber', () => {
  it.each([
    ['70123456', 'eight digits in a row'],
    ['Écris-moi au 70 12 34 56 ce soir', 'pairs separated by spaces'],
    ['70.12.34.56', 'dots'],
    ['70-12-34-56', 'dashes'],
    ['+226 70 12 34 56', 'with the country code'],
    ['7 0 1 2 3 4 5 6', 'every digit spaced'],
    ['70 - 12 - 34 - 56', 'spaced dashes'],
    ['７０１２３４５６', 'full-width digits'],
    ['mon num 7012\n3456', 'a line break in the middle'],
  ])('finds %s (%s)', (text) => {
    expect(hasPhoneNumber(text)).toBe(true);
  });

  it.each([
    ["J'ai 25 ans et je mesure 1m75", 'ages and heights'],
    ['1234567', 'seven digits'],
    ['70 12 34 ans 56', 'digits broken by words'],
    ['Née le 12/05/1995', 'a date with slashes'],
    ['entre 25 et 35 ans, 2 enfants', 'numbers in a sentence'],
    ['70    12    34    56', 'more than three separators between digits'],
  ])('leaves %s alone (%s)', (text) => {
    expect(hasPhoneNumber(text)).toBe(false);
  });
});

describe('findSuspectWord', () => {
  it.each([
    ['Ajoute-moi sur WhatsApp', 'whatsapp'],
    ['WATSAPP dispo', 'watsapp'],
    ['whats   app', 'whats app'],
    ['Appelez-moi vite', 'appelez'],
    ['Mon NUMÉRO est dans mon profil', 'numéro'],
    ['mon numero', 'numero'],
    ['Envoie un SMS', 'sms'],
    ['Call me tonight', 'call me'],
    ['Prenez contact avec moi', 'contact'],
    ['mon Téléphone', 'téléphone'],
    ['un portable', 'portable'],
  ])('finds a suspect word in %s', (text, word) => {
    expect(findSuspectWord(text)).toBe(word);
  });

  it('finds nothing in an ordinary text', () => {
    expect(findSuspectWord(clean)).toBeNull();
  });
});

describe('announcementContentWarning', () => {
  it('warns about a phone number before suspect words', () => {
    expect(announcementContentWarning('whatsapp 70123456')).toBe(ANNOUNCEMENT_MSG.phoneDetected);
    expect(announcementContentWarning('whatsapp')).toBe(ANNOUNCEMENT_MSG.suspectWords);
    expect(announcementContentWarning(clean)).toBeNull();
  });
});

describe('descriptionProblem', () => {
  it('requires a description', () => {
    expect(descriptionProblem('   ')).toEqual({
      kind: 'length',
      message: 'La description est requise',
    });
  });

  it('asks for 50 to 1000 characters, counted without surrounding spaces', () => {
    expect(descriptionProblem('a'.repeat(49))?.message).toBe(
      'La description doit contenir au moins 50 caractères',
    );
    expect(descriptionProblem(` ${'a'.repeat(49)}  `)?.message).toBe(
      'La description doit contenir au moins 50 caractères',
    );
    expect(descriptionProblem('a'.repeat(50))).toBeNull();
    expect(descriptionProblem('a'.repeat(1000))).toBeNull();
    expect(descriptionProblem('a'.repeat(1001))?.message).toBe(
      'La description ne peut pas dépasser 1000 caractères',
    );
  });

  it('lets a content warning replace the length error', () => {
    expect(descriptionProblem('sms moi')).toEqual({
      kind: 'content',
      message: 'Mots-clés suspects détectés. Évitez les références aux numéros de téléphone.',
    });
    expect(descriptionProblem(`${clean} 70 12 34 56`)).toEqual({
      kind: 'content',
      message:
        'Usage de numéro de téléphone détecté. Les numéros de téléphone ne sont pas autorisés.',
    });
  });
});

describe('schemas', () => {
  it('reads the feed query with its defaults and bounds', () => {
    expect(ZFeedQuery.parse({})).toEqual({ page: 1, per_page: 5 });
    expect(ZFeedQuery.parse({ page: '3', per_page: '20', category: 'amitie' })).toEqual({
      page: 3,
      per_page: 20,
      category: 'amitie',
    });
    expect(ZFeedQuery.safeParse({ per_page: '21' }).success).toBe(false);
    expect(ZFeedQuery.safeParse({ category: 'autre' }).success).toBe(false);
    expect(ZFeedQuery.safeParse({ user_lat: '12.3' }).success).toBe(false);
    expect(ZFeedQuery.safeParse({ user_lat: '95', user_lng: '1' }).success).toBe(false);
    expect(ZFeedQuery.parse({ user_lat: '12.37', user_lng: '-1.52' })).toMatchObject({
      user_lat: 12.37,
      user_lng: -1.52,
    });
  });

  it('answers a missing description with the required message', () => {
    const res = ZCreateAnnouncementRequest.safeParse({});
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('La description est requise');
  });
});

describe('capChars', () => {
  it('leaves a text within the limit unchanged', () => {
    expect(capChars('Bonjour 😊', 1000)).toBe('Bonjour 😊');
    expect(capChars('a'.repeat(1000), 1000)).toBe('a'.repeat(1000));
  });

  it('keeps 1000 emojis whole, though they are 2000 UTF-16 units', () => {
    const text = '😊'.repeat(1000);
    expect(capChars(text, 1000)).toBe(text);
    expect(countChars(capChars(`${text}a`, 1000))).toBe(1000);
  });

  it('cuts at the limit counted in characters, never in the middle of an emoji', () => {
    const capped = capChars(`${'a'.repeat(999)}😊😊`, 1000);
    expect(capped).toBe(`${'a'.repeat(999)}😊`);
    expect(capChars('é😊b', 1)).toBe('é');
    expect(capChars('😊b', 1)).toBe('😊');
  });
});
