import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { costErrorMessage, cutDescription, frenchDate, isFemale } from './format';

describe('cutDescription', () => {
  it('leaves a text of 120 characters or fewer whole', () => {
    const text = 'a'.repeat(120);
    expect(cutDescription(text)).toEqual({ text, isCut: false });
  });

  it('cuts a longer text at 120 characters, on the last word', () => {
    const text = `${'mot '.repeat(40)}fin`;
    const { text: short, isCut } = cutDescription(text);
    expect(isCut).toBe(true);
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(121);
    expect(short).toBe(`${'mot '.repeat(29)}mot…`);
  });

  it('cuts inside a very long word rather than leaving almost nothing', () => {
    const { text } = cutDescription(`court ${'x'.repeat(200)}`);
    expect(text).toHaveLength(121);
  });
});

describe('frenchDate', () => {
  it('writes the date in French, in Ouagadougou time', () => {
    expect(frenchDate('2026-03-12T14:05:00Z')).toMatch(/^12 mars 2026 (à )?14:05$/);
    expect(frenchDate('pas une date')).toBe('');
  });
});

describe('isFemale', () => {
  it('shows femme as female and anything else as male', () => {
    expect(isFemale('femme')).toBe(true);
    expect(isFemale('homme')).toBe(false);
    expect(isFemale(null)).toBe(false);
  });
});

describe('costErrorMessage', () => {
  const failed = (status: number, message: string) =>
    new ApiError(message, { success: false, httpStatus: status, message, fromServer: true });

  it('asks to sign in again when the cost is checked without a token', () => {
    expect(costErrorMessage(failed(401, 'Token non trouvé.'), false)).toBe(
      'Token manquant. Veuillez vous reconnecter.',
    );
  });

  it("tells a network failure apart, else shows the server's message or the generic one", () => {
    expect(costErrorMessage(failed(0, 'x'), true)).toBe(
      'Erreur de connexion. Veuillez vérifier votre connexion internet.',
    );
    expect(costErrorMessage(failed(500, 'Service indisponible'), true)).toBe(
      'Service indisponible',
    );
    expect(costErrorMessage(failed(500, ''), true)).toBe('Erreur lors de la vérification du coût');
  });
});
