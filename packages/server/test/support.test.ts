/** Support calls (spec 2 §7): reasons, ticket creation with its e-mail, own tickets only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_REASONS } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('GET /api/support/reasons', () => {
  it('lists the fixed French reasons without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/reasons' });
    expect(res.statusCode).toBe(200);
    const data: { id: string; label: string }[] = res.json().data;
    expect(data.map((r) => r.id)).toEqual(Object.keys(SUPPORT_REASONS));
    expect(data[0]).toEqual({ id: 'account', label: 'Problème de compte ou de connexion' });
  });
});

describe('POST /api/support/create', () => {
  it('saves a pending ticket with the trimmed description and mails a confirmation', async () => {
    const m = await createMember(t);
    const res = await post('/support/create', {
      token: m.token,
      reason: 'payment',
      description: '   Mon paiement Orange Money est bloqué.   ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Ticket de support créé avec succès !',
      data: {
        reason: 'payment',
        reason_label: 'Paiement ou pièces',
        description: 'Mon paiement Orange Money est bloqué.',
        status: 'pending',
        reply: null,
      },
    });
    const rows = await t.db.query('SELECT user_id, status FROM support_tickets WHERE id = $1', [
      body.data.id,
    ]);
    expect(rows[0]).toEqual({ user_id: m.id, status: 'pending' });
    const mail = t.app.deps.mailer.outbox().find((x) => x.to === m.email);
    expect(mail?.subject).toBe(`Votre demande de support #${body.data.id}`);
    expect(mail?.text).toContain('Mon paiement Orange Money est bloqué.');
  });

  it('refuses a missing reason, an unknown one and a description under 10 characters', async () => {
    const m = await createMember(t);
    const noReason = await post('/support/create', {
      token: m.token,
      reason: '',
      description: 'Une description assez longue.',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual(['Veuillez sélectionner une raison']);
    const unknown = await post('/support/create', {
      token: m.token,
      reason: 'remboursement',
      description: 'Une description assez longue.',
    });
    expect(unknown.json().message).toBe('Veuillez sélectionner une raison');
    const short = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: '  court   ',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.description).toEqual([
      'La description doit contenir au moins 10 caractères',
    ]);
    const empty = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: ' ',
    });
    expect(empty.json().message).toBe('Veuillez décrire votre problème');
    const long = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: 'x'.repeat(2001),
    });
    expect(long.json().message).toBe('La description ne peut pas dépasser 2000 caractères');
    expect(
      (await t.db.query('SELECT id FROM support_tickets WHERE user_id = $1', [m.id])).length,
    ).toBe(0);
  });

  it('counts characters as the database does: 5 emoji (10 UTF-16 units) are too short, not a 500', async () => {
    const m = await createMember(t);
    const five = '😀🎉🙏🌍🔥';
    expect(five.length).toBe(10);
    const res = await post('/support/create', { token: m.token, reason: 'bug', description: five });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'La description doit contenir au moins 10 caractères',
      errors: { description: ['La description doit contenir au moins 10 caractères'] },
    });
    const ten = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: five + five,
    });
    expect(ten.statusCode).toBe(201);
    const max = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: '🔥'.repeat(2000),
    });
    expect(max.statusCode).toBe(201);
    const over = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: '🔥'.repeat(2001),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('La description ne peut pas dépasser 2000 caractères');
  });

  it('requires a session', async () => {
    const res = await post('/support/create', {
      reason: 'bug',
      description: 'Une description assez longue.',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/support/my-tickets', () => {
  it("lists only the member's own tickets, newest first, page by page", async () => {
    const mine = await createMember(t);
    const other = await createMember(t);
    await post('/support/create', {
      token: other.token,
      reason: 'chat',
      description: "Le ticket de quelqu'un d'autre.",
    });
    for (let i = 1; i <= 3; i += 1) {
      await post('/support/create', {
        token: mine.token,
        reason: 'bug',
        description: `Mon problème numéro ${i}.`,
      });
    }
    const first = (await post('/support/my-tickets', { token: mine.token, per_page: 2 })).json();
    expect(first.data.map((x: { description: string }) => x.description)).toEqual([
      'Mon problème numéro 3.',
      'Mon problème numéro 2.',
    ]);
    expect(first.pagination).toEqual({ page: 1, per_page: 2, has_more: true });
    const second = (
      await post('/support/my-tickets', { token: mine.token, per_page: 2, page: 2 })
    ).json();
    expect(second.data).toHaveLength(1);
    expect(second.pagination.has_more).toBe(false);

    const theirs = (await post('/support/my-tickets', { token: other.token })).json();
    expect(theirs.data).toHaveLength(1);
    expect(theirs.data[0].description).toBe("Le ticket de quelqu'un d'autre.");
  });

  it('shows the staff answer and the change date once the ticket moves', async () => {
    const m = await createMember(t);
    const created = (
      await post('/support/create', {
        token: m.token,
        reason: 'account',
        description: 'Je ne reçois pas les codes.',
      })
    ).json().data;
    await t.db.query(
      `UPDATE support_tickets SET status = 'resolved', reply = 'C''est réglé.', replied_at = now(),
          updated_at = now() + interval '1 minute' WHERE id = $1`,
      [created.id],
    );
    const [ticket] = (await post('/support/my-tickets', { token: m.token })).json().data;
    expect(ticket).toMatchObject({ status: 'resolved', reply: "C'est réglé." });
    expect(ticket.updated_at).not.toBe(ticket.created_at);
  });

  it('validates the page and requires a session', async () => {
    const m = await createMember(t);
    expect((await post('/support/my-tickets', { token: m.token, page: 0 })).statusCode).toBe(400);
    expect((await post('/support/my-tickets')).statusCode).toBe(401);
  });
});
