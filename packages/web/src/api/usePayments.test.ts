import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared';
import { paymentsListError } from './usePayments';

/** A refused list call; `fromServer` says whether the server wrote the message itself. */
const refused = (message: string, fromServer: boolean, errors?: Record<string, string[]>) =>
  ({ success: false, httpStatus: fromServer ? 400 : 0, message, fromServer, errors }) as const;

describe('paymentsListError (/buying, spec 2 §8)', () => {
  it("shows the server's message when it wrote one", () => {
    expect(paymentsListError(refused('Session expirée', true))).toBe('Session expirée');
    expect(paymentsListError(refused('Requête invalide', true, { page: ['Page invalide'] }))).toBe(
      'Page invalide',
    );
  });

  it('falls back to "Erreur lors du chargement des paiements" otherwise', () => {
    // No connection: the client's own network text is not the server's message.
    expect(paymentsListError(refused(MSG.network, false))).toBe(
      'Erreur lors du chargement des paiements',
    );
    // A proxy's HTML error page: no message in the body.
    expect(paymentsListError(refused('Erreur 502: Bad Gateway', false))).toBe(
      'Erreur lors du chargement des paiements',
    );
    // The server answered, with an empty message.
    expect(paymentsListError(refused('', true))).toBe('Erreur lors du chargement des paiements');
  });
});
