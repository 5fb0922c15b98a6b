/** The moderation console's API: staff only (every route), each action audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let moderator: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Admin' });
  moderator = await createMember(t, { name: 'Modo' });
  member = await createMember(t, { name: 'Membre' });
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const auditRows = (action: string) =>
  t.db.query<{ actor_id: number; target_id: number; reason: string }>(
    'SELECT actor_id, target_id, reason FROM audit_log WHERE action = $1',
    [action],
  );

describe('access', () => {
  it('refuses a member’s token on every /api/admin route, and no token at all', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({
          method: m.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const r of routes) {
      const asMember = await t.app.inject({
        method: r.method as 'GET',
        url: r.path,
        headers: { authorization: `Bearer ${member.token}` },
        payload: r.method === 'GET' ? undefined : { reason: 'test' },
      });
      expect(asMember.statusCode, `${r.method} ${r.path}`).toBe(403);
      const anonymous = await t.app.inject({
        method: r.method as 'GET',
        url: r.path,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('keeps admin-only actions from moderators', async () => {
    expect((await call('GET', '/admin/audit', moderator.token)).statusCode).toBe(403);
    expect(
      (
        await call('POST', `/admin/members/${member.id}/coins`, moderator.token, {
          amount: 10,
          reason: 'geste',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/admin/members/${member.id}/role`, moderator.token, {
          role: 'moderator',
          reason: 'promotion',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/admin/members', moderator.token)).statusCode).toBe(200);
  });
});

describe('members', () => {
  it('searches by name, e-mail or id and shows the detail with devices and coins', async () => {
    await t.db.query(`UPDATE users SET device_hash = 'browser-shared' WHERE id = $1`, [member.id]);
    const byName = (await call('GET', '/admin/members?q=membre', moderator.token)).json();
    expect(byName.data.map((m: { id: number }) => m.id)).toContain(member.id);
    const byId = (await call('GET', `/admin/members?q=${member.id}`, moderator.token)).json();
    expect(byId.data[0].id).toBe(member.id);
    const detail = (await call('GET', `/admin/members/${member.id}`, moderator.token)).json().data;
    expect(detail).toMatchObject({ id: member.id, device: { hash: 'browser-shared' } });
    expect(detail.device.accounts.map((a: { id: number }) => a.id)).toEqual([member.id]);
    expect((await call('GET', '/admin/members/99999999', moderator.token)).statusCode).toBe(404);
  });

  it('blocks with a reason (the member is stopped), unblocks, and audits both', async () => {
    const target = await createMember(t);
    expect(
      (await call('POST', `/admin/members/${target.id}/block`, moderator.token, {})).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/admin/members/${target.id}/block`, moderator.token, {
          reason: 'Arnaque avérée',
        })
      ).statusCode,
    ).toBe(200);
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/verify-auth-status',
      payload: { token: target.token },
    });
    expect(status.statusCode).toBe(403);
    expect(status.json()).toMatchObject({ action: 'account_blocked' });
    expect(await auditRows('member.block')).toContainEqual({
      actor_id: moderator.id,
      target_id: target.id,
      reason: 'Arnaque avérée',
    });
    expect(
      (
        await call('POST', `/admin/members/${target.id}/unblock`, moderator.token, {
          reason: 'Erreur',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/verify-auth-status',
          payload: { token: target.token },
        })
      ).statusCode,
    ).toBe(200);
    expect((await auditRows('member.unblock')).map((r) => r.target_id)).toContain(target.id);
  });

  it('lifts a multiple-account lock on a device', async () => {
    const owner = await createMember(t);
    await t.db.query(
      `UPDATE users SET device_hash = 'browser-locked', blocked_at = now(), blocked_reason = 'multiple_accounts' WHERE id = $1`,
      [owner.id],
    );
    await t.db.query(
      `INSERT INTO device_signup_refusals (device_hash, email) VALUES ('browser-locked', 'x@y.bf'), ('browser-locked', 'z@y.bf')`,
    );
    const res = await call('POST', `/admin/members/${owner.id}/reset-device`, moderator.token, {
      reason: 'Téléphone partagé en famille',
    });
    expect(res.json().data.unblocked).toEqual([owner.id]);
    expect(
      await t.db.query(`SELECT 1 FROM device_signup_refusals WHERE device_hash = 'browser-locked'`),
    ).toHaveLength(0);
    expect(await auditRows('member.reset_device')).toHaveLength(1);
  });

  it('grants and removes the moderator role (admin only), adjusts coins through the ledger', async () => {
    const target = await createMember(t, { coins: 20 });
    expect(
      (
        await call('POST', `/admin/members/${target.id}/role`, admin.token, {
          role: 'moderator',
          reason: 'Renfort',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [target.id]))[0]
        ?.role,
    ).toBe('moderator');
    expect(
      (
        await call('POST', `/admin/members/${target.id}/role`, admin.token, {
          role: 'admin',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/admin/members/${target.id}/coins`, admin.token, {
          amount: -50,
          reason: 'Correction',
        })
      ).statusCode,
    ).toBe(422);
    const credit = await call('POST', `/admin/members/${target.id}/coins`, admin.token, {
      amount: 30,
      reason: 'Geste commercial',
    });
    expect(credit.json().data.balance).toBe(50);
    const moves = await t.db.query('SELECT amount, reason FROM coin_movements WHERE user_id = $1', [
      target.id,
    ]);
    expect(moves).toEqual([{ amount: 30, reason: 'admin_adjustment' }]);
    expect((await auditRows('coins.adjust')).map((r) => r.reason)).toContain('Geste commercial');
  });

  it('warns a member through a notification', async () => {
    const target = await createMember(t);
    await call('POST', `/admin/members/${target.id}/warn`, moderator.token, {
      reason: 'Langage',
      message: 'Merci de rester courtois.',
    });
    const notes = (
      await t.app.inject({
        method: 'POST',
        url: '/api/notifications',
        payload: { token: target.token },
      })
    ).json();
    expect(notes.data[0]).toMatchObject({
      type: 'moderation_warning',
      message: 'Merci de rester courtois.',
    });
  });
});

describe('reports', () => {
  it('lists open reports with evidence and earlier count, and decides each once', async () => {
    const [reporter, reported] = [
      await createMember(t),
      await createMember(t, { name: 'Suspect' }),
    ];
    for (const reason of ['scam', 'harassment']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${reported.id}/report`,
        payload: { token: reporter.token, reason },
      });
    }
    const list = (await call('GET', '/admin/reports', moderator.token)).json();
    const mine = list.data.filter(
      (r: { reported: { id: number } }) => r.reported.id === reported.id,
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: 'harassment',
      reason_label: 'Harcèlement ou insultes',
      earlier_reports: 1,
      reported: { name: 'Suspect', blocked: false },
    });
    const [latest, earlier] = mine;
    expect(
      (
        await call('POST', `/admin/reports/${earlier.id}/dismiss`, moderator.token, {
          reason: 'Pas de preuve',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', `/admin/reports/${earlier.id}/dismiss`, moderator.token, {
          reason: 'Encore',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', `/admin/reports/${latest.id}/block`, moderator.token, {
          reason: 'Harcèlement répété',
        })
      ).statusCode,
    ).toBe(200);
    const blocked = await t.db.query<{ blocked_reason: string }>(
      'SELECT blocked_reason FROM users WHERE id = $1',
      [reported.id],
    );
    expect(blocked[0]?.blocked_reason).toBe('Harcèlement répété');
    expect((await auditRows('report.block')).map((r) => r.target_id)).toContain(latest.id);
  });
});

describe('dashboard and audit log', () => {
  it('gives 30-day series and queue counts', async () => {
    const d = (await call('GET', '/admin/dashboard', moderator.token)).json().data;
    expect(d.series.new_members).toHaveLength(30);
    expect(d.series.new_members.at(-1).n).toBeGreaterThan(0);
    expect(d.pending).toHaveProperty('reports');
  });

  it('lets admins read the audit log, which nobody can change', async () => {
    const log = (await call('GET', '/admin/audit', admin.token)).json();
    expect(log.data.length).toBeGreaterThan(0);
    await expect(t.db.query('UPDATE audit_log SET reason = $1', ['effacé'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('announcements', () => {
  it('finds, hides, restores and deletes an announcement with a reason, and tells the author', async () => {
    const author = await createMember(t, { name: 'Auteur' });
    const text =
      'Je cherche des amis pour découvrir les maquis de Ouaga le week-end, ambiance détendue.';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      payload: { token: author.token, description: text },
    });
    expect(created.statusCode).toBe(201);
    const found = (await call('GET', '/admin/announcements?q=maquis', moderator.token)).json().data;
    const id = found[0].id;
    expect(found[0]).toMatchObject({ user_id: author.id, is_active: true });
    const feed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/announcements?per_page=20' }))
        .json()
        .data.map((a: { id: number }) => a.id);
    expect(
      (
        await call('POST', `/admin/announcements/${id}/hide`, moderator.token, {
          reason: 'Hors sujet',
        })
      ).statusCode,
    ).toBe(200);
    expect(await feed()).not.toContain(id);
    expect(
      (
        await call('POST', `/admin/announcements/${id}/restore`, moderator.token, {
          reason: 'Erreur',
        })
      ).statusCode,
    ).toBe(200);
    expect(await feed()).toContain(id);
    expect(
      (
        await call('POST', `/admin/announcements/${id}/delete`, moderator.token, {
          reason: 'Arnaque',
        })
      ).statusCode,
    ).toBe(200);
    expect(await feed()).not.toContain(id);
    expect(
      (
        await call('POST', `/admin/announcements/${id}/delete`, moderator.token, {
          reason: 'Encore',
        })
      ).statusCode,
    ).toBe(404);
    expect((await auditRows('announcement.delete')).map((r) => r.target_id)).toContain(id);
  });
});

describe('stories and support tickets', () => {
  it('shows a held story with its reason; approving puts it in the feed, once', async () => {
    const writer = await createMember(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/histoires',
      headers: { authorization: `Bearer ${writer.token}` },
      payload: {
        content: 'Je l’ai rencontré au marché, appelez moi au 70 12 34 56 pour la suite !',
        is_anonymous: true,
      },
    });
    expect(posted.json().data.status).toBe('pending');
    const queue = (await call('GET', '/admin/stories', moderator.token)).json().data;
    const held = queue.find((s: { content: string }) => s.content.includes('marché'));
    expect(held.held_reason_label).toBe('Numéro de téléphone détecté');
    const feed = async () =>
      JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/histoires?page=1' })).json());
    expect(await feed()).not.toContain('marché');
    expect(
      (
        await call('POST', `/admin/stories/${held.id}/approve`, moderator.token, {
          reason: 'Numéro fictif, histoire sincère',
        })
      ).statusCode,
    ).toBe(200);
    expect(await feed()).toContain('marché');
    expect(
      (
        await call('POST', `/admin/stories/${held.id}/reject`, moderator.token, {
          reason: 'Trop tard',
        })
      ).statusCode,
    ).toBe(409);
    expect((await auditRows('story.approve')).map((r) => r.target_id)).toContain(held.id);
  });

  it('moves a ticket through its statuses, replies by e-mail and shows it in Mes tickets', async () => {
    const asker = await createMember(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/support/create',
      payload: {
        token: asker.token,
        reason: 'payment',
        description: 'Mon paiement Orange Money ne passe pas.',
      },
    });
    const list = (await call('GET', '/admin/tickets?status=pending', moderator.token)).json().data;
    const ticket = list.find((x: { user_id: number }) => x.user_id === asker.id);
    expect(ticket).toBeDefined();
    expect(
      (
        await call('POST', `/admin/tickets/${ticket.id}`, moderator.token, {
          status: 'in_progress',
        })
      ).statusCode,
    ).toBe(200);
    const before = t.app.mailer.outbox().length;
    expect(
      (
        await call('POST', `/admin/tickets/${ticket.id}`, moderator.token, {
          status: 'resolved',
          reply: 'Le paiement a été crédité, merci de votre patience.',
        })
      ).statusCode,
    ).toBe(200);
    const sent = t.app.mailer.outbox().slice(before);
    expect(sent.map((m) => m.subject)).toContain(`Réponse à votre ticket #${ticket.id}`);
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/support/my-tickets',
        payload: { token: asker.token },
      })
    ).json().data;
    const row = (Array.isArray(mine) ? mine : mine.data).find(
      (x: { id: number }) => x.id === ticket.id,
    );
    expect(row).toMatchObject({
      status: 'resolved',
      reply: 'Le paiement a été crédité, merci de votre patience.',
    });
    expect(
      (await call('POST', `/admin/tickets/${ticket.id}`, moderator.token, { status: 'pending' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `/admin/tickets/${ticket.id}`, moderator.token, {})).statusCode,
    ).toBe(400);
  });
});

describe('payments', () => {
  it('lists orders by status, re-checks one with its provider (crediting once), and audits the ledger', async () => {
    const buyer = await createMember(t);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init-bf-payment',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { amount: 1000, phone: '70123456', payment_method: 'moov' },
    });
    expect(init.statusCode).toBe(200);
    const pending = (await call('GET', '/admin/payments?status=pending', admin.token)).json().data;
    const order = pending.find((o: { user_id: number }) => o.user_id === buyer.id);
    expect(order).toMatchObject({ amount: 1000, provider: 'simulator', status: 'pending' });
    expect((await call('GET', '/admin/payments', moderator.token)).statusCode).toBe(403);
    const recheck = await call('POST', `/admin/payments/${order.id}/recheck`, admin.token);
    expect(recheck.json().data.status).toBe('success');
    await call('POST', `/admin/payments/${order.id}/recheck`, admin.token);
    const coins = await t.db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [
      buyer.id,
    ]);
    expect(coins[0]?.coins).toBe(275);
    const mismatches = (await call('GET', '/admin/ledger-audit', admin.token)).json().data;
    expect(mismatches.map((m: { user_id: number }) => m.user_id)).not.toContain(buyer.id);
    expect((await auditRows('payment.recheck')).map((r) => r.target_id)).toContain(order.id);
  });
});
