import { describe, expect, it } from 'vitest';
import { highlightParts, snippetOf } from './search';

describe('highlightParts', () => {
  it('flags every match, ignoring case, and keeps the rest as plain text', () => {
    expect(highlightParts('Samedi ou dimanche ? SAMEDI !', 'samedi')).toEqual([
      { text: 'Samedi', match: true },
      { text: ' ou dimanche ? ', match: false },
      { text: 'SAMEDI', match: true },
      { text: ' !', match: false },
    ]);
  });

  it('treats the query as text, not as a pattern', () => {
    expect(highlightParts('prix (2 000 F) ?', '(2')).toEqual([
      { text: 'prix ', match: false },
      { text: '(2', match: true },
      { text: ' 000 F) ?', match: false },
    ]);
    expect(highlightParts('a.b', '.')).toEqual([
      { text: 'a', match: false },
      { text: '.', match: true },
      { text: 'b', match: false },
    ]);
  });

  it('matches accented letters in any case', () => {
    expect(highlightParts('Élodie et élan', 'él')).toEqual([
      { text: 'Él', match: true },
      { text: 'odie et ', match: false },
      { text: 'él', match: true },
      { text: 'an', match: false },
    ]);
  });

  it('answers the whole text when the query is blank or absent from it', () => {
    expect(highlightParts('Bonjour', '  ')).toEqual([{ text: 'Bonjour', match: false }]);
    expect(highlightParts('Bonjour', 'xyz')).toEqual([{ text: 'Bonjour', match: false }]);
    expect(highlightParts('', 'a')).toEqual([]);
  });
});

describe('snippetOf', () => {
  it('keeps a short message whole, on one line', () => {
    expect(snippetOf('Bonjour\nça va ?', 'va')).toBe('Bonjour ça va ?');
  });

  it('cuts a long message around the first match, on a word', () => {
    const long = `${'mot '.repeat(60)}rendez-vous au maquis ${'fin '.repeat(60)}`;
    const s = snippetOf(long, 'MAQUIS', 20, 60);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('rendez-vous au maquis');
    expect(s.slice(1, 5)).toBe('mot ');
    expect(s.length).toBeLessThanOrEqual(62);
  });

  it('starts at the beginning when the match is near it', () => {
    const long = `maquis ${'x'.repeat(300)}`;
    const s = snippetOf(long, 'maquis', 40, 100);
    expect(s.startsWith('maquis')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
  });
});
