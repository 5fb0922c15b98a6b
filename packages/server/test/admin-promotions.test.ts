/**
 * Promotions from the console (POST /api/admin/promotions): an admin's 'Offre spéciale' reaches
 * every live, verified, complete member once (or only those away for 7 days), staff and
 * moderators cannot send it, a repeat within 10 minutes is refused, and the send is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { PROMOTION_PAGE_SIZE } from '../src/modules/admin/promotions.service.js';

type Member = Awaited<ReturnType<typeof createMember>>;

const REPEATED =
  "Cette promotion vient d'être envoyée à ces membres. Attendez 10 minutes avant de la renvoyer.";

let t: TestApp;
let admin: Member;
let moderator: Member;
/** Eligible members, by how long ago they were last seen. */
let active: Member;
let sixDays: Member;
let eightDays: Member;
let never: Member;
/** Members no promotion may reach. */
let excluded: Record<'blocked' | 'deleted' | 'unverified' | 'incomplete', Member>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Admin' });
  moderator = await createMember(t, { name: 'Modo' });
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
  active = await createMember(t, { name: 'Awa' });
  sixDays = await createMember(t, { name: 'Boukary' });
  eightDays = await createMember(t, { name: 'Clarisse' });
  never = await createMember(t, { name: 'Daouda' });
  await seenAgo(active, '1 hour');
  await seenAgo(sixDays, '6 days');
  await seenAgo(eightDays, '8 days');
  excluded = {
    blocked: await createMember(t, { blocked: true }),
    deleted: await createMember(t),
    unverified: await createMember(t),
    incomplete: await createMember(t, { complete: false }),
  };
  await t.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [excluded.deleted.id]);
  await t.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [
    excluded.unverified.id,
  ]);
  // Away for long, yet still out of reach: the inactive segment must not bring them back.
  for (const m of Object.values(excluded)) await seenAgo(m, '30 days');
});
afterAll(() => t.close());

function seenAgo(m: Member, interval: string) {
  return t.db.query(`UPDATE users SET last_seen_at = now() - $2::interval WHERE id = $1`, [
    m.id,
    interval,
  ]);
}

function sendPromotion(token: string, payload: object, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

/** Who received a promotion with this message, one entry per notification, by member id. */
async function recipientsOf(message: string, app: TestApp = t) {
  const rows = await app.db.query<{ user_id: number }>(
    `SELECT user_id FROM notifications WHERE type = 'promotion' AND message = $1 ORDER BY user_id`,
    [message],
  );
  return rows.map((r) => r.user_id);
}

const promotionAudits = () =>
  t.db.query<{ actor_id: number; target_type: string; reason: string; data: object }>(
    `SELECT actor_id, target_type, reason, data FROM audit_log WHERE action = 'promotion.send'
      ORDER BY id`,
  );

const ids = (...members: Member[]) => members.map((m) => m.id).sort((a, b) => a - b);

describe('sending a promotion', () => {
  it('reaches every eligible member once, in their notifications, and audits the send', async () => {
    const message = 'Ce week-end, 20 % de pièces en plus sur tous les packs !';
    const res = await sendPromotion(admin.token, { message: `  ${message}  `, audience: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Promotion envoyée à 4 membres',
      data: { sent: 4 },
    });
    // Staff and blocked, deleted, unverified or incomplete accounts get nothing.
    expect(await recipientsOf(message)).toEqual(ids(active, sixDays, eightDays, never));

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: { token: never.token },
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        type: 'promotion',
        title: 'Offre spéciale',
        message,
        data: { message },
        action: '/profile',
      }),
    );
    expect(await promotionAudits()).toEqual([
      {
        actor_id: admin.id,
        target_type: 'promotion',
        reason: message,
        data: { audience: 'all', sent: 4 },
      },
    ]);
  });

  it('reaches only members not seen for 7 days (or never) in the inactive segment', async () => {
    const message = "Vous nous manquez : 50 pièces offertes pour tout achat aujourd'hui.";
    const res = await sendPromotion(admin.token, { message, audience: 'inactive_7d' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 2 });
    expect(await recipientsOf(message)).toEqual(ids(eightDays, never));
    expect((await promotionAudits()).at(-1)).toMatchObject({
      reason: message,
      data: { audience: 'inactive_7d', sent: 2 },
    });
  });

  it('refuses the same message to the same audience within 10 minutes, sending nothing twice', async () => {
    const message = 'Double clic : une seule offre doit partir, pas deux.';
    const [first, second] = await Promise.all([
      sendPromotion(admin.token, { message, audience: 'all' }),
      sendPromotion(admin.token, { message, audience: 'all' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const again = await sendPromotion(admin.token, { message: ` ${message}`, audience: 'all' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: REPEATED, error: 'conflict' });
    expect(await recipientsOf(message)).toEqual(ids(active, sixDays, eightDays, never));
    expect((await promotionAudits()).filter((a) => a.reason === message)).toHaveLength(1);

    // Another audience is another promotion; so is the same one once the window has passed.
    const inactive = await sendPromotion(admin.token, { message, audience: 'inactive_7d' });
    expect(inactive.statusCode, inactive.body).toBe(200);
    await t.db.query(
      `UPDATE promotions SET created_at = created_at - interval '11 minutes' WHERE message = $1`,
      [message],
    );
    const later = await sendPromotion(admin.token, { message, audience: 'all' });
    expect(later.statusCode, later.body).toBe(200);
  });
});

describe('who may send', () => {
  const message = 'Offre réservée : cette promotion ne doit jamais partir.';

  it('keeps the route from moderators and members, sending nothing', async () => {
    const asModerator = await sendPromotion(moderator.token, { message, audience: 'all' });
    expect(asModerator.statusCode).toBe(403);
    expect(asModerator.json().message).toBe('Action réservée aux administrateurs.');
    const asMember = await sendPromotion(active.token, { message, audience: 'all' });
    expect(asMember.statusCode).toBe(403);
    expect(await recipientsOf(message)).toEqual([]);
    expect((await promotionAudits()).filter((a) => a.reason === message)).toEqual([]);
  });

  it('answers 400 in French with the field at fault, sending nothing', async () => {
    const before = await promotionAudits();
    const cases: [payload: object, field: string, error: string][] = [
      [{ audience: 'all' }, 'message', 'Le message est requis'],
      [
        { message: '  Court  ', audience: 'all' },
        'message',
        'Le message doit contenir au moins 10 caractères',
      ],
      [
        { message: 'é'.repeat(201), audience: 'all' },
        'message',
        'Le message ne peut pas dépasser 200 caractères',
      ],
      [{ message, audience: 'everyone' }, 'audience', 'Destinataires invalides'],
      [{ message }, 'audience', 'Destinataires invalides'],
    ];
    for (const [payload, field, error] of cases) {
      const res = await sendPromotion(admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: error,
        errors: { [field]: [error] },
      });
    }
    // 200 characters counted as the counter counts them (an emoji is one) pass.
    const emojis = '🔥'.repeat(200);
    const ok = await sendPromotion(admin.token, { message: emojis, audience: 'inactive_7d' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await recipientsOf(message)).toEqual([]);
    expect(await promotionAudits()).toHaveLength(before.length + 1);
  });
});

describe('a large membership', () => {
  let big: TestApp;
  afterAll(() => big.close());

  it('walks every page of members, each notified exactly once', async () => {
    big = await createTestApp();
    const boss = await createMember(big);
    await big.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [boss.id]);
    const count = PROMOTION_PAGE_SIZE * 2 + 7;
    await big.db.query(
      `INSERT INTO users (email, name, email_verified_at, profile_completed_at)
       SELECT 'lot' || n || '@test.bf', 'Lot ' || n, now(), now() FROM generate_series(1, $1) n`,
      [count],
    );
    const message = 'Grande offre : le pack Or à prix réduit pour tous.';
    const res = await sendPromotion(boss.token, { message, audience: 'all' }, big);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: count });
    const got = await recipientsOf(message, big);
    expect(got).toHaveLength(count);
    expect(new Set(got).size).toBe(count);
    expect(got).not.toContain(boss.id);
  });
});
