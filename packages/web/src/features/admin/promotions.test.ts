import { describe, expect, it } from 'vitest';
import { PROMOTION_AUDIENCES } from '@app/shared';
import { sectionOf } from './sections';
import { ADMIN_TEXT } from './texts';
import { PROMOTION_AUDIENCE_LABELS, PROMOTION_CONFIRM_TITLES } from './labels';

describe('promotions section', () => {
  it('is an admin-only section of the console', () => {
    expect(sectionOf('/admin/promotions')).toMatchObject({
      label: 'Promotions',
      adminOnly: true,
    });
  });

  it('names each audience and asks before sending to it', () => {
    expect(PROMOTION_AUDIENCES.map((a) => PROMOTION_AUDIENCE_LABELS[a])).toEqual([
      'Tous les membres',
      'Membres inactifs depuis 7 jours',
    ]);
    expect(PROMOTION_CONFIRM_TITLES.all).toBe('Envoyer à tous les membres ?');
    expect(ADMIN_TEXT.promotionCounter(42)).toBe('42/200');
  });
});
