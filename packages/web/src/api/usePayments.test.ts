import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared';
import { paymentsListError } from './usePayments';

describe('paymentsListError (/buying, spec 2 §8)', () => {
  it('shows the server’s message when it wrote one', () => {
    expect(
      paymentsListError({ message: 'Session expirée', raw: { message: 'Session expirée' } }),
    ).toBe('Session expirée');
    expect(
      paymentsListError({
        message: 'Requête invalide',
        errors: { page: ['Page invalide'] },
        raw: { message: 'Requête invalide' },
      }),
    ).toBe('Page invalide');
  });

  it('falls back to "Erreur lors du chargement des paiements" otherwise', () => {
    // No connection: the client's own network text is not the server's message.
    expect(paymentsListError({ message: MSG.network, raw: {} })).toBe(
      'Erreur lors du chargement des paiements',
    );
    // A proxy's HTML error page: no message in the body.
    expect(paymentsListError({ message: 'Erreur 502: Bad Gateway', raw: {} })).toBe(
      'Erreur lors du chargement des paiements',
    );
    expect(paymentsListError({ message: '', raw: { message: '' } })).toBe(
      'Erreur lors du chargement des paiements',
    );
  });
});
