import { describe, expect, it } from 'vitest';
import { canMoveTicket, ticketMovesFrom } from '@app/shared';
import { providerStacks, stackByDay, stackTotal } from './chart';
import { formatData, formatDay, formatSigned, roundMax } from './format';
import { sectionOf } from './sections';
import { describeAnswer } from './answer';
import { accountAge } from './age';

describe('roundMax', () => {
  it('gives a round top to a chart, never below its largest value', () => {
    expect(roundMax(0)).toBe(1);
    expect(roundMax(1)).toBe(1);
    expect(roundMax(3)).toBe(5);
    expect(roundMax(15)).toBe(20);
    expect(roundMax(20)).toBe(20);
    expect(roundMax(41_500)).toBe(50_000);
    expect(roundMax(60_000)).toBe(100_000);
  });
});

describe('sectionOf', () => {
  it('finds the section of a nested address, the dashboard only at /admin itself', () => {
    expect(sectionOf('/admin')?.path).toBe('/admin');
    expect(sectionOf('/admin/')?.path).toBe('/admin');
    expect(sectionOf('/admin/membres/12')?.path).toBe('/admin/membres');
    expect(sectionOf('/admin/paiements')?.adminOnly).toBe(true);
    expect(sectionOf('/admin/arnaques')?.pending).toBe('scams');
    expect(sectionOf('/admin/inconnu')).toBeUndefined();
  });
});

describe('console formats', () => {
  it('writes a series day in French and signs coin amounts', () => {
    expect(formatDay('2025-05-12')).toBe('12 mai');
    expect(formatSigned(30)).toBe('+30');
    expect(formatSigned(-50)).toBe('-50');
  });

  it("shows an audit entry's data, or nothing for an empty object", () => {
    expect(formatData({})).toBe('');
    expect(formatData(null)).toBe('');
    expect(formatData({ amount: 50 })).toBe('{"amount":50}');
  });
});

describe('accountAge', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it('says how long ago the account was created, in whole units rounded down', () => {
    expect(accountAge(ago(3 * DAY + 5 * HOUR), now)).toBe('Compte créé il y a 3 jours');
    expect(accountAge(ago(DAY), now)).toBe('Compte créé il y a 1 jour');
    expect(accountAge(ago(DAY - 1), now)).toBe('Compte créé il y a 23 heures');
    expect(accountAge(ago(HOUR), now)).toBe('Compte créé il y a 1 heure');
    expect(accountAge(ago(29 * DAY), now)).toBe('Compte créé il y a 29 jours');
    expect(accountAge(ago(30 * DAY), now)).toBe('Compte créé il y a 1 mois');
    expect(accountAge(ago(200 * DAY), now)).toBe('Compte créé il y a 6 mois');
    expect(accountAge(ago(365 * DAY), now)).toBe('Compte créé il y a 1 an');
    expect(accountAge(ago(800 * DAY), now)).toBe('Compte créé il y a 2 ans');
  });

  it('reads an account under an hour old, or dated a little ahead, as just created', () => {
    expect(accountAge(ago(HOUR - 1), now)).toBe("Compte créé il y a moins d'une heure");
    expect(accountAge(ago(0), now)).toBe("Compte créé il y a moins d'une heure");
    expect(accountAge(ago(-5 * 60_000), now)).toBe("Compte créé il y a moins d'une heure");
  });

  it('gives nothing for a date it cannot read', () => {
    expect(accountAge('pas une date', now)).toBeNull();
  });
});

describe('revenue per provider', () => {
  const days = ['2025-05-10', '2025-05-11', '2025-05-12'];
  const rows = [
    {
      provider: 'orange_bf',
      amount: 3000,
      orders: 2,
      series: [
        { day: '2025-05-10', n: 1000 },
        { day: '2025-05-11', n: 0 },
        { day: '2025-05-12', n: 2000 },
      ],
    },
    {
      provider: 'moov_bf',
      amount: 500,
      orders: 1,
      series: [
        { day: '2025-05-10', n: 0 },
        { day: '2025-05-11', n: 0 },
        { day: '2025-05-12', n: 500 },
      ],
    },
  ];

  it('names each provider and counts its orders for the legend', () => {
    const stacks = providerStacks(rows);
    expect(stacks.map((s) => [s.key, s.label, s.detail, stackTotal(s)])).toEqual([
      ['orange_bf', 'Orange Money', '2 commandes', 3000],
      ['moov_bf', 'Moov Money', '1 commande', 500],
    ]);
  });

  it("stacks each day's providers bottom to top, leaving empty days and layers out", () => {
    const byDay = stackByDay(providerStacks(rows), days);
    expect(byDay.map((segments) => segments.map((s) => [s.key, s.from, s.to]))).toEqual([
      [['orange_bf', 0, 1000]],
      [],
      [
        ['orange_bf', 0, 2000],
        ['moov_bf', 2000, 2500],
      ],
    ]);
  });
});

describe('ticket moves', () => {
  it('offers only the moves the server accepts', () => {
    expect(ticketMovesFrom('pending')).toEqual(['in_progress', 'resolved', 'closed']);
    expect(ticketMovesFrom('in_progress')).toEqual(['resolved', 'closed']);
    expect(ticketMovesFrom('resolved')).toEqual(['closed', 'in_progress']);
    expect(ticketMovesFrom('closed')).toEqual([]);
    expect(ticketMovesFrom('constructor')).toEqual([]);
    expect(canMoveTicket('in_progress', 'pending')).toBe(false);
    expect(canMoveTicket('resolved', 'in_progress')).toBe(true);
  });
});

describe('provider answers in the payments queue', () => {
  it('says which call answered, what it said and its details, or that none came', () => {
    const paid = describeAnswer({
      call: 'payment',
      outcome: 'paid',
      reason: '200 Paiement effectue',
      reference: 'MP1234',
      amount: 1000,
      currency: 'XOF',
    });
    expect(paid.replace(/\s/g, ' ')).toBe(
      'Appel de paiement : paiement confirmé (1 000 XOF, Réf. fournisseur MP1234, 200 Paiement effectue)',
    );
    expect(
      describeAnswer({
        call: 'status',
        outcome: 'unknown',
        reason: 'malformed: HTTP 404 sans <status>',
        reference: null,
        amount: null,
        currency: null,
      }),
    ).toBe(
      'Vérification du statut : réponse illisible ou absente (malformed: HTTP 404 sans <status>)',
    );
    expect(describeAnswer(null)).toBe('Aucune réponse du fournisseur');
  });
});
