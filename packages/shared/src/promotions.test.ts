import { describe, expect, it } from 'vitest';
import { PROMOTION_MSG, promotionMessageError } from './promotions.js';

describe('promotion message rule', () => {
  it('asks for 10 to 200 characters once trimmed, an emoji counting as one', () => {
    expect(promotionMessageError('   ')).toBe('Le message est requis');
    expect(promotionMessageError('  Promo !  ')).toBe(
      'Le message doit contenir au moins 10 caractères',
    );
    expect(promotionMessageError('é'.repeat(201))).toBe(
      'Le message ne peut pas dépasser 200 caractères',
    );
    expect(promotionMessageError('🔥'.repeat(200))).toBeNull();
    expect(promotionMessageError(' Offre spéciale ce soir ')).toBeNull();
  });

  it('says how many members a promotion reached', () => {
    expect(PROMOTION_MSG.sent(1)).toBe('Promotion envoyée à 1 membre');
    expect(PROMOTION_MSG.sent(1200)).toBe('Promotion envoyée à 1200 membres');
  });
});
