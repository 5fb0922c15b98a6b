/**
 * The moderation console's API: staff only (every route), every route validated with a French
 * message, every action audited with its why. The dashboard's figures are checked on a fresh
 * database of their own, against members, messages, matches and paid orders made for it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { expectBooksBalanced } from './fake-providers/kit.js';
import { insertOrder } from '../src/modules/payments/payment.repository.js';
import { paymentDeps } from '../src/modules/payments/payment.deps.js';
import { settleOrder } from '../src/modules/payments/settle.js';
import { raiseUnsettledOrders } from '../src/modules/payments/reconcile.job.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { kyselyOf } from '../src/db/kysely.js';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let admin: Member;
let moderator: Member;
let member: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Admin' });
  moderator = await createMember(t, { name: 'Modo' });
  member = await createMember(t, { name: 'Membre' });
  await setRole(t, admin.id, 'admin');
  await setRole(t, moderator.id, 'moderator');
});
afterAll(() => t.close());

const ADMIN_TARGET = "Un modérateur ne peut pas agir sur le compte d'un administrateur.";
const STAFF_TARGET = "Seul un administrateur peut sanctionner un membre de l'équipe.";
const ADMIN_ONLY = 'Action réservée aux administrateurs.';

function setRole(app: TestApp, id: number, role: 'member' | 'moderator' | 'admin') {
  return app.db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
}

const call = (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: object,
  app: TestApp = t,
) =>
  app.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

/** A staff action that must succeed; answers its body. */
async function act(url: string, token: string, payload: object = {}) {
  const res = await call('POST', url, token, payload);
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(200);
  return res.json();
}

interface AuditRow {
  actor_id: number;
  target_id: number | null;
  reason: string | null;
  data: Record<string, unknown>;
}
const auditRows = (action: string) =>
  t.db.query<AuditRow & Record<string, unknown>>(
    'SELECT actor_id, target_id, reason, data FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
/** The log holds a row of this action by this actor on this record, saying this why. */
async function expectAudited(action: string, row: Partial<AuditRow>) {
  expect(await auditRows(action)).toContainEqual(expect.objectContaining(row));
}

const memberRow = async (id: number) =>
  (
    await t.db.query<{ role: string; coins: number; photo_key: string | null; blocked_at: Date }>(
      'SELECT role, coins, photo_key, blocked_at FROM users WHERE id = $1',
      [id],
    )
  )[0];

async function notificationsOf(m: Member) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/notifications',
    payload: { token: m.token },
  });
  return res.json().data as { type: string; message: string }[];
}

const ANNOUNCEMENT =
  'Je cherche des amis pour découvrir les maquis de Ouaga le week-end, ambiance détendue.';

async function publishAnnouncement(author: Member, description = ANNOUNCEMENT) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/announcements',
    payload: { token: author.token, description },
  });
  expect(res.statusCode, res.body).toBe(201);
  const rows = await t.db.query<{ id: number }>(
    'SELECT id FROM announcements WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [author.id],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('announcement not stored');
  return id;
}

async function report(reporter: Member, reported: Member, body: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/users/${reported.id}/report`,
    payload: { token: reporter.token, reason: 'scam', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
}

interface ReportView {
  id: number;
  chat_id: number | null;
  earlier_reports: number;
  evidence_count: number;
  reported: { id: number; blocked: boolean; announcements: number };
}
async function openReportsAbout(reported: Member): Promise<ReportView[]> {
  const list = (await call('GET', '/admin/reports', moderator.token)).json();
  return list.data.filter((r: ReportView) => r.reported.id === reported.id);
}

/** Two members who liked each other: their match chat. */
async function matchChat(a: Member, b: Member, app: TestApp = t) {
  const swipe = (from: Member, to: Member) =>
    app.app.inject({
      method: 'POST',
      url: '/api/swipe',
      payload: { token: from.token, target_user_id: to.id, action: 'like' },
    });
  await swipe(a, b);
  const res = await swipe(b, a);
  expect(res.json().data, res.body).toMatchObject({ is_match: true });
  return res.json().data.chat_id as number;
}

function sendText(from: Member, chatId: number, content: string, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/messages/text',
    payload: { token: from.token, chat_id: chatId, content },
  });
}

describe('access', () => {
  it("refuses a member's token on every /api/admin route, and no token at all", async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const r of routes) {
      const url = r.path.replace(/\{[^}]+\}/g, '1');
      const asMember = await t.app.inject({
        method: r.method,
        url,
        headers: { authorization: `Bearer ${member.token}` },
        payload: r.method === 'GET' ? undefined : { reason: 'test' },
      });
      expect(asMember.statusCode, `${r.method} ${r.path}`).toBe(403);
      const anonymous = await t.app.inject({
        method: r.method,
        url,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('keeps admin-only routes from moderators, with the reason', async () => {
    const adminOnly: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/admin/audit'],
      ['GET', '/admin/payments'],
      ['GET', '/admin/ledger-audit'],
      ['POST', '/admin/payments/1/recheck'],
      ['POST', `/admin/members/${member.id}/coins`, { amount: 10, reason: 'geste' }],
      ['POST', `/admin/members/${member.id}/role`, { role: 'moderator', reason: 'promotion' }],
      ['POST', '/admin/promotions', { message: 'Pièces à moitié prix ce soir !', audience: 'all' }],
    ];
    for (const [method, url, payload] of adminOnly) {
      const res = await call(method, url, moderator.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(ADMIN_ONLY);
    }
    expect((await call('GET', '/admin/members', moderator.token)).statusCode).toBe(200);
  });
});

/** Every /api/admin route in the OpenAPI document, as 'GET /api/admin/members/{id}'. */
async function adminRoutes() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', path })),
    );
}

describe('validation', () => {
  const REASON = 'La raison est requise';
  const STATUS = 'Statut invalide';
  const ID = 'Identifiant invalide';
  const PAGE = 'Page invalide';
  // [route as the OpenAPI document names it, url to call, body, the French message]
  const cases: [route: string, url: string, body: object | undefined, message: string][] = [
    ['GET /api/admin/members', '/admin/members?page=0', undefined, PAGE],
    ['GET /api/admin/members/{id}', '/admin/members/abc', undefined, ID],
    ['POST /api/admin/members/{id}/block', '/admin/members/1/block', {}, REASON],
    [
      'POST /api/admin/members/{id}/block',
      '/admin/members/1/block',
      undefined,
      'Certains champs sont invalides.',
    ],
    ['POST /api/admin/members/{id}/unblock', '/admin/members/1/unblock', { reason: ' x ' }, REASON],
    ['POST /api/admin/members/{id}/reset-device', '/admin/members/1/reset-device', {}, REASON],
    [
      'POST /api/admin/members/{id}/role',
      '/admin/members/1/role',
      { role: 'admin', reason: 'Renfort' },
      'Rôle invalide',
    ],
    ['POST /api/admin/members/{id}/role', '/admin/members/1/role', { role: 'moderator' }, REASON],
    [
      'POST /api/admin/members/{id}/coins',
      '/admin/members/1/coins',
      { amount: 0, reason: 'Geste' },
      'Montant invalide',
    ],
    [
      'POST /api/admin/members/{id}/coins',
      '/admin/members/1/coins',
      { amount: 100_001, reason: 'Geste' },
      'Montant invalide',
    ],
    [
      'POST /api/admin/members/{id}/coins',
      '/admin/members/1/coins',
      { amount: -100_001, reason: 'Geste' },
      'Montant invalide',
    ],
    [
      'POST /api/admin/members/{id}/coins',
      '/admin/members/1/coins',
      { amount: 'dix', reason: 'Geste' },
      'Montant invalide',
    ],
    ['POST /api/admin/members/{id}/coins', '/admin/members/1/coins', { amount: 10 }, REASON],
    ['POST /api/admin/members/{id}/photo/delete', '/admin/members/1/photo/delete', {}, REASON],
    [
      'POST /api/admin/members/{id}/warn',
      '/admin/members/1/warn',
      { reason: 'Langage' },
      'Le message est requis',
    ],
    [
      'POST /api/admin/members/{id}/warn',
      '/admin/members/1/warn',
      { reason: 'Langage', message: 'Non' },
      'Le message est trop court',
    ],
    ['GET /api/admin/reports', '/admin/reports?status=closed', undefined, STATUS],
    ['POST /api/admin/reports/{id}/dismiss', '/admin/reports/1/dismiss', {}, REASON],
    [
      'POST /api/admin/reports/{id}/warn',
      '/admin/reports/1/warn',
      { reason: 'Langage' },
      'Le message est requis',
    ],
    [
      'POST /api/admin/reports/{id}/warn',
      '/admin/reports/1/warn',
      { message: 'Restez courtois.' },
      REASON,
    ],
    ['POST /api/admin/reports/{id}/block', '/admin/reports/1/block', {}, REASON],
    ['GET /api/admin/reports/{id}/evidence', '/admin/reports/abc/evidence', undefined, ID],
    ['GET /api/admin/scams', '/admin/scams?status=all', undefined, STATUS],
    ['GET /api/admin/scams/{id}/messages', '/admin/scams/1/messages?page=0', undefined, PAGE],
    [
      'POST /api/admin/scams/{id}/warn',
      '/admin/scams/1/warn',
      { reason: 'Arnaque' },
      'Le message est requis',
    ],
    ['POST /api/admin/scams/{id}/block', '/admin/scams/1/block', {}, REASON],
    ['POST /api/admin/scams/{id}/release', '/admin/scams/1/release', {}, REASON],
    ['GET /api/admin/stories', '/admin/stories?status=held', undefined, STATUS],
    ['POST /api/admin/stories/{id}/approve', '/admin/stories/1/approve', {}, REASON],
    ['POST /api/admin/stories/{id}/reject', '/admin/stories/1/reject', {}, REASON],
    ['GET /api/admin/tickets', '/admin/tickets?status=open', undefined, STATUS],
    ['POST /api/admin/tickets/{id}', '/admin/tickets/1', {}, 'Indiquez un statut ou une réponse'],
    ['POST /api/admin/tickets/{id}', '/admin/tickets/1', { status: 'done' }, STATUS],
    [
      'POST /api/admin/tickets/{id}',
      '/admin/tickets/1',
      { reply: 'x' },
      'La réponse est trop courte',
    ],
    ['POST /api/admin/tickets/{id}', '/admin/tickets/1', { status: 'closed', reason: 'x' }, REASON],
    ['GET /api/admin/announcements', '/admin/announcements?status=gone', undefined, STATUS],
    ['GET /api/admin/announcements', '/admin/announcements?user_id=abc', undefined, ID],
    ['POST /api/admin/announcements/{id}/hide', '/admin/announcements/1/hide', {}, REASON],
    ['POST /api/admin/announcements/{id}/restore', '/admin/announcements/1/restore', {}, REASON],
    ['POST /api/admin/announcements/{id}/delete', '/admin/announcements/1/delete', {}, REASON],
    ['GET /api/admin/payments', '/admin/payments?status=paid', undefined, STATUS],
    [
      'GET /api/admin/payments',
      '/admin/payments?provider=paypal',
      undefined,
      'Fournisseur invalide',
    ],
    ['POST /api/admin/payments/{id}/recheck', '/admin/payments/abc/recheck', undefined, ID],
    ['GET /api/admin/audit', '/admin/audit?page=-1', undefined, PAGE],
    ['GET /api/admin/verifications', '/admin/verifications?page=0', undefined, PAGE],
    ['GET /api/admin/verifications/{id}', '/admin/verifications/abc', undefined, ID],
    [
      'POST /api/admin/verifications/{id}/approve',
      '/admin/verifications/abc/approve',
      undefined,
      ID,
    ],
    [
      'POST /api/admin/verifications/{id}/refuse',
      '/admin/verifications/1/refuse',
      { reason: 'autre' },
      'Choisissez une raison dans la liste',
    ],
    [
      'POST /api/admin/promotions',
      '/admin/promotions',
      { message: '   ', audience: 'all' },
      'Le message est requis',
    ],
    [
      'POST /api/admin/promotions',
      '/admin/promotions',
      { message: 'Promo !', audience: 'all' },
      'Le message doit contenir au moins 10 caractères',
    ],
    [
      'POST /api/admin/promotions',
      '/admin/promotions',
      { message: 'x'.repeat(201), audience: 'all' },
      'Le message ne peut pas dépasser 200 caractères',
    ],
    [
      'POST /api/admin/promotions',
      '/admin/promotions',
      { message: 'Pièces à moitié prix ce soir !', audience: 'vip' },
      'Destinataires invalides',
    ],
  ];
  // Routes that take no input at all.
  const WITHOUT_INPUT = ['GET /api/admin/dashboard', 'GET /api/admin/ledger-audit'];

  it('answers 400 with a French message on every route that takes input', async () => {
    for (const [route, url, body, message] of cases) {
      const method = route.startsWith('GET') ? 'GET' : 'POST';
      const res = await call(method, url, admin.token, body);
      expect(res.statusCode, `${route} ${url}`).toBe(400);
      expect(res.json().message, `${route} ${url}`).toBe(message);
    }
  });

  it('leaves no admin route without a validation case', async () => {
    const covered = new Set([...cases.map(([route]) => route), ...WITHOUT_INPUT]);
    const missing = (await adminRoutes())
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });
});

describe('members', () => {
  it('searches by name, e-mail (any case, any part) or id, and shows the detail', async () => {
    const target = await createMember(t, { name: 'Rasmata', email: 'rasmata.ouedraogo@test.bf' });
    await t.db.query(`UPDATE users SET device_hash = 'browser-shared' WHERE id = $1`, [target.id]);
    const ids = async (q: string) =>
      (await call('GET', `/admin/members?q=${encodeURIComponent(q)}`, moderator.token))
        .json()
        .data.map((m: { id: number }) => m.id);
    expect(await ids('rasmata')).toContain(target.id);
    expect(await ids('rasmata.ouedraogo@test.bf')).toEqual([target.id]);
    expect(await ids('OUEDRAOGO@TEST')).toEqual([target.id]);
    // An id also matches e-mails containing its digits; the member with that id comes first.
    expect((await ids(String(target.id)))[0]).toBe(target.id);
    expect(await ids('personne-de-ce-nom')).toEqual([]);
    const detail = (await call('GET', `/admin/members/${target.id}`, moderator.token)).json().data;
    expect(detail).toMatchObject({
      id: target.id,
      email: 'rasmata.ouedraogo@test.bf',
      role: 'member',
      device: { hash: 'browser-shared', refusals: 0 },
      coin_movements: [],
      reports_received: [],
    });
    expect(detail.device.accounts.map((a: { id: number }) => a.id)).toEqual([target.id]);
    expect((await call('GET', '/admin/members/99999999', moderator.token)).statusCode).toBe(404);
  });

  it('blocks with a reason (the member is stopped), unblocks, and audits both', async () => {
    const target = await createMember(t);
    await act(`/admin/members/${target.id}/block`, moderator.token, { reason: 'Arnaque avérée' });
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/verify-auth-status',
      payload: { token: target.token },
    });
    expect(status.statusCode).toBe(403);
    expect(status.json()).toMatchObject({ action: 'account_blocked' });
    await expectAudited('member.block', {
      actor_id: moderator.id,
      target_id: target.id,
      reason: 'Arnaque avérée',
    });
    await act(`/admin/members/${target.id}/unblock`, moderator.token, { reason: 'Erreur' });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/verify-auth-status',
      payload: { token: target.token },
    });
    expect(after.statusCode).toBe(200);
    await expectAudited('member.unblock', {
      actor_id: moderator.id,
      target_id: target.id,
      reason: 'Erreur',
    });
  });

  it('lets only an admin block, unblock or strip the photo of a staff member, by page or report', async () => {
    const colleague = await createMember(t, { name: 'Collègue' });
    await setRole(t, colleague.id, 'moderator');
    await t.db.query(`UPDATE users SET photo_key = $2 WHERE id = $1`, [
      colleague.id,
      `u${colleague.id}/${'cd'.repeat(16)}`,
    ]);
    await report(member, colleague);
    const [fromReport] = await openReportsAbout(colleague);
    if (!fromReport) throw new Error('report not listed');
    const refused: [string, object][] = [
      [`/admin/members/${colleague.id}/block`, { reason: 'Abus de pouvoir' }],
      [`/admin/members/${admin.id}/block`, { reason: "Coup d'État" }],
      [`/admin/members/${colleague.id}/photo/delete`, { reason: 'Photo floue' }],
      [`/admin/reports/${fromReport.id}/block`, { reason: 'Abus de pouvoir' }],
      // The scam queue's block goes through the same sanction pipeline.
      [`/admin/scams/${colleague.id}/block`, { reason: 'Abus de pouvoir' }],
    ];
    for (const [url, body] of refused) {
      const res = await call('POST', url, moderator.token, body);
      expect(res.statusCode, url).toBe(403);
      // A moderator acting on an administrator meets the rule of issue 29 first.
      const onAdmin = url === `/admin/members/${admin.id}/block`;
      expect(res.json().message, url).toBe(onAdmin ? ADMIN_TARGET : STAFF_TARGET);
    }
    const untouched = await memberRow(colleague.id);
    expect(untouched?.blocked_at).toBeNull();
    expect(untouched?.photo_key).not.toBeNull();
    expect((await openReportsAbout(colleague)).map((r) => r.id)).toContain(fromReport.id);

    await act(`/admin/reports/${fromReport.id}/block`, admin.token, { reason: 'Abus avéré' });
    expect((await memberRow(colleague.id))?.blocked_at).not.toBeNull();
    const unblock = await call('POST', `/admin/members/${colleague.id}/unblock`, moderator.token, {
      reason: 'Solidarité',
    });
    expect(unblock.statusCode).toBe(403);
    await act(`/admin/members/${colleague.id}/unblock`, admin.token, { reason: 'Sanction levée' });
    await act(`/admin/members/${colleague.id}/photo/delete`, admin.token, {
      reason: 'Photo floue',
    });
    await expectAudited('report.block', { actor_id: admin.id, target_id: fromReport.id });
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
    const detail = (await call('GET', `/admin/members/${owner.id}`, moderator.token)).json().data;
    expect(detail.device.refusals).toBe(2);
    const res = await act(`/admin/members/${owner.id}/reset-device`, moderator.token, {
      reason: 'Téléphone partagé en famille',
    });
    expect(res.data.unblocked).toEqual([owner.id]);
    expect(
      await t.db.query(`SELECT 1 FROM device_signup_refusals WHERE device_hash = 'browser-locked'`),
    ).toHaveLength(0);
    await expectAudited('member.reset_device', {
      actor_id: moderator.id,
      target_id: owner.id,
      reason: 'Téléphone partagé en famille',
    });
    const none = await call('POST', `/admin/members/${member.id}/reset-device`, moderator.token, {
      reason: 'Pour voir',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Aucun appareil connu pour ce membre.');
  });

  it('lists the devices a member signed in from, with the other accounts seen on each', async () => {
    const awa = await createMember(t, { name: 'Awa' });
    const binta = await createMember(t, { name: 'Binta' });
    for (const m of [awa, binta]) {
      await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        m.id,
        await hashPassword('Karite-Soleil-2025'),
      ]);
    }
    const login = async (m: Member, device: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: m.email, password: 'Karite-Soleil-2025', device_hash: device },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await login(awa, `tel-awa-${awa.id}`);
    await login(awa, `tel-partage-${awa.id}`);
    await login(binta, `tel-partage-${awa.id}`);
    await act(`/admin/members/${binta.id}/block`, moderator.token, { reason: 'Compte doublon' });

    interface DeviceView {
      hash: string;
      first_seen_at: string;
      last_seen_at: string;
      accounts: { id: number; name: string; email: string; blocked: boolean }[];
    }
    const devicesOf = async (m: Member) => {
      const res = await call('GET', `/admin/members/${m.id}`, moderator.token);
      expect(res.statusCode).toBe(200);
      const devices: DeviceView[] = res.json().data.devices;
      return [...devices].sort((x, y) => x.hash.localeCompare(y.hash));
    };
    const awaDevices = await devicesOf(awa);
    expect(awaDevices).toEqual([
      {
        hash: `tel-awa-${awa.id}`,
        first_seen_at: expect.any(String),
        last_seen_at: expect.any(String),
        accounts: [],
      },
      {
        hash: `tel-partage-${awa.id}`,
        first_seen_at: expect.any(String),
        last_seen_at: expect.any(String),
        accounts: [{ id: binta.id, name: 'Binta', email: binta.email, blocked: true }],
      },
    ]);
    expect(await devicesOf(binta)).toEqual([
      expect.objectContaining({
        hash: `tel-partage-${awa.id}`,
        accounts: [{ id: awa.id, name: 'Awa', email: awa.email, blocked: false }],
      }),
    ]);
    const asMember = await call('GET', `/admin/members/${awa.id}`, member.token);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain('tel-partage');
  });

  it('lists the last used device first', async () => {
    const m = await createMember(t);
    await t.db.query(
      `INSERT INTO user_devices (user_id, device_hash, first_seen_at, last_seen_at) VALUES
         ($1, 'ancien', now() - interval '30 days', now() - interval '20 days'),
         ($1, 'recent', now() - interval '10 days', now() - interval '1 hour'),
         ($1, 'moyen', now() - interval '40 days', now() - interval '5 days')`,
      [m.id],
    );
    const res = await call('GET', `/admin/members/${m.id}`, moderator.token);
    expect(res.json().data.devices.map((d: { hash: string }) => d.hash)).toEqual([
      'recent',
      'moyen',
      'ancien',
    ]);
  });

  it("grants and removes the moderator role (admin only), never an admin's", async () => {
    const target = await createMember(t);
    await act(`/admin/members/${target.id}/role`, admin.token, {
      role: 'moderator',
      reason: 'Renfort',
    });
    expect((await memberRow(target.id))?.role).toBe('moderator');
    expect((await call('GET', '/admin/members', target.token)).statusCode).toBe(200);
    await act(`/admin/members/${target.id}/role`, admin.token, {
      role: 'member',
      reason: 'Fin de mission',
    });
    expect((await memberRow(target.id))?.role).toBe('member');
    expect((await call('GET', '/admin/members', target.token)).statusCode).toBe(403);
    const rows = (await auditRows('member.role')).filter((r) => r.target_id === target.id);
    expect(rows).toEqual([
      {
        actor_id: admin.id,
        target_id: target.id,
        reason: 'Renfort',
        data: { from: 'member', to: 'moderator' },
      },
      {
        actor_id: admin.id,
        target_id: target.id,
        reason: 'Fin de mission',
        data: { from: 'moderator', to: 'member' },
      },
    ]);
    const otherAdmin = await createMember(t);
    await setRole(t, otherAdmin.id, 'admin');
    const demote = await call('POST', `/admin/members/${otherAdmin.id}/role`, admin.token, {
      role: 'member',
      reason: 'Désaccord',
    });
    expect(demote.statusCode).toBe(403);
  });

  it('credits and debits coins through the ledger with a reason, never below zero', async () => {
    const target = await createMember(t, { coins: 20 });
    await t.db.query(
      `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key) VALUES ($1, 20, 20, 'signup_gift', $2)`,
      [target.id, `gift:${target.id}`],
    );
    const credit = await act(`/admin/members/${target.id}/coins`, admin.token, {
      amount: 30,
      reason: 'Geste commercial',
    });
    expect(credit.data.balance).toBe(50);
    const debit = await act(`/admin/members/${target.id}/coins`, admin.token, {
      amount: -45,
      reason: 'Pièces créditées deux fois',
    });
    expect(debit.data.balance).toBe(5);
    const tooMuch = await call('POST', `/admin/members/${target.id}/coins`, admin.token, {
      amount: -6,
      reason: 'Correction',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect((await memberRow(target.id))?.coins).toBe(5);
    const moves = await t.db.query(
      'SELECT amount, balance_after, reason FROM coin_movements WHERE user_id = $1 ORDER BY id',
      [target.id],
    );
    expect(moves).toEqual([
      { amount: 20, balance_after: 20, reason: 'signup_gift' },
      { amount: 30, balance_after: 50, reason: 'admin_adjustment' },
      { amount: -45, balance_after: 5, reason: 'admin_adjustment' },
    ]);
    const audited = (await auditRows('coins.adjust')).filter((r) => r.target_id === target.id);
    expect(audited.map((r) => [r.reason, r.data])).toEqual([
      ['Geste commercial', { amount: 30, balance: 50 }],
      ['Pièces créditées deux fois', { amount: -45, balance: 5 }],
    ]);
  });

  it('warns a member through a notification, audited with the message', async () => {
    const target = await createMember(t);
    await act(`/admin/members/${target.id}/warn`, moderator.token, {
      reason: 'Langage',
      message: 'Merci de rester courtois.',
    });
    expect((await notificationsOf(target))[0]).toMatchObject({
      type: 'moderation_warning',
      message: 'Merci de rester courtois.',
    });
    await expectAudited('member.warn', {
      actor_id: moderator.id,
      target_id: target.id,
      reason: 'Langage',
      data: { message: 'Merci de rester courtois.' },
    });
  });

  it('deletes a profile photo with a reason and tells the member', async () => {
    const target = await createMember(t);
    const key = `u${target.id}/${'ef'.repeat(16)}`;
    await t.db.query('UPDATE users SET photo_key = $2 WHERE id = $1', [target.id, key]);
    await act(`/admin/members/${target.id}/photo/delete`, moderator.token, {
      reason: "Photo d'une célébrité",
    });
    expect((await memberRow(target.id))?.photo_key).toBeNull();
    expect((await notificationsOf(target))[0]?.type).toBe('moderation_warning');
    await expectAudited('member.photo_delete', {
      actor_id: moderator.id,
      target_id: target.id,
      reason: "Photo d'une célébrité",
      data: { photo_key: key },
    });
    const again = await call('POST', `/admin/members/${target.id}/photo/delete`, moderator.token, {
      reason: 'Encore',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Ce membre n'a pas de photo.");
  });
});

describe('reports', () => {
  it("lists a chat report with the reported member's messages attached, read one report at a time and audited", async () => {
    const [reporter, reported] = [
      await createMember(t, { name: 'Awa' }),
      await createMember(t, { name: 'Suspect' }),
    ];
    const chatId = await matchChat(reporter, reported);
    for (const [from, text] of [
      [reporter, 'Bonjour, on se voit quand ?'],
      [reported, 'Envoie-moi 10 000 FCFA par Orange Money'],
      [reported, 'Sinon je publie tes photos'],
    ] as const)
      expect((await sendText(from, chatId, text)).statusCode).toBe(201);
    await report(reporter, reported, { reason: 'harassment' });
    await report(reporter, reported, { chat_id: chatId, details: 'Chantage' });
    const [latest, earlier] = await openReportsAbout(reported);
    expect(latest).toMatchObject({
      reason: 'scam',
      chat_id: chatId,
      details: 'Chantage',
      earlier_reports: 1,
      evidence_count: 2,
      reported: { name: 'Suspect', blocked: false, announcements: 0 },
      reporter: { id: reporter.id, name: 'Awa' },
    });
    expect(latest).not.toHaveProperty('evidence');
    expect(earlier).toMatchObject({ chat_id: null, evidence_count: 0, earlier_reports: 0 });

    // The list carries no message; opening one report's messages is a reading, audited. Only
    // the reported member's side is shared: the reporter's own words never reach the staff.
    const opened = await call('GET', `/admin/reports/${latest?.id}/evidence`, moderator.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(
      opened
        .json()
        .data.map((m: { sender_id: number; content: string }) => [m.sender_id, m.content]),
    ).toEqual([
      [reported.id, 'Sinon je publie tes photos'],
      [reported.id, 'Envoie-moi 10 000 FCFA par Orange Money'],
    ]);
    const views = await t.db.query<{ actor_id: number; data: { messages: number } }>(
      `SELECT actor_id, data FROM audit_log WHERE action = 'report.evidence_view' AND target_id = $1`,
      [latest?.id ?? 0],
    );
    expect(views).toEqual([{ actor_id: moderator.id, data: { messages: 2 } }]);
    const missing = await call('GET', '/admin/reports/999999/evidence', moderator.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Signalement introuvable');
  });

  it('dismisses, warns or blocks, each once and audited', async () => {
    const reporter = await createMember(t);
    const reported = await createMember(t, { name: 'Récidiviste' });
    for (let i = 0; i < 3; i += 1) await report(reporter, reported);
    const [third, second, first] = await openReportsAbout(reported);
    if (!first || !second || !third) throw new Error('reports not listed');

    await act(`/admin/reports/${first.id}/dismiss`, moderator.token, { reason: 'Pas de preuve' });
    const again = await call('POST', `/admin/reports/${first.id}/dismiss`, moderator.token, {
      reason: 'Encore',
    });
    expect(again.statusCode).toBe(409);
    await expectAudited('report.dismiss', {
      actor_id: moderator.id,
      target_id: first.id,
      reason: 'Pas de preuve',
    });

    await act(`/admin/reports/${second.id}/warn`, moderator.token, {
      reason: 'Premier avertissement',
      message: 'Votre comportement a été signalé. Restez respectueux.',
    });
    expect((await notificationsOf(reported))[0]).toMatchObject({
      type: 'moderation_warning',
      message: 'Votre comportement a été signalé. Restez respectueux.',
    });
    await expectAudited('report.warn', {
      actor_id: moderator.id,
      target_id: second.id,
      reason: 'Premier avertissement',
      data: {
        member_id: reported.id,
        message: 'Votre comportement a été signalé. Restez respectueux.',
      },
    });

    await act(`/admin/reports/${third.id}/block`, moderator.token, { reason: 'Récidive' });
    const row = await t.db.query<{ blocked_reason: string }>(
      'SELECT blocked_reason FROM users WHERE id = $1',
      [reported.id],
    );
    expect(row[0]?.blocked_reason).toBe('Récidive');
    await expectAudited('report.block', {
      actor_id: moderator.id,
      target_id: third.id,
      reason: 'Récidive',
      data: { member_id: reported.id },
    });
    expect(await openReportsAbout(reported)).toEqual([]);
    const statuses = await t.db.query<{ id: number; status: string }>(
      'SELECT id, status FROM reports WHERE reported_id = $1 ORDER BY id',
      [reported.id],
    );
    expect(statuses.map((s) => s.status)).toEqual(['dismissed', 'reviewed', 'reviewed']);
    expect(
      (
        await call('POST', '/admin/reports/99999999/dismiss', moderator.token, {
          reason: 'Introuvable',
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows the reported member's announcements and deletes one with a reason", async () => {
    const reporter = await createMember(t);
    const reported = await createMember(t, { name: 'Vendeur' });
    // The first announcement is free, the next costs coins: credited through the ledger.
    await act(`/admin/members/${reported.id}/coins`, admin.token, {
      amount: 100,
      reason: 'Pièces pour une seconde annonce',
    });
    const scam = await publishAnnouncement(
      reported,
      "Vends bijoux en or à moitié prix, paiement d'avance exigé avant toute rencontre, livraison rapide partout.",
    );
    const fine = await publishAnnouncement(reported);
    await publishAnnouncement(reporter);
    await report(reporter, reported);
    expect((await openReportsAbout(reported))[0]?.reported.announcements).toBe(2);

    const theirs = (
      await call('GET', `/admin/announcements?user_id=${reported.id}`, moderator.token)
    ).json();
    expect(theirs.data.map((a: { id: number }) => a.id)).toEqual([fine, scam]);
    expect(theirs.data[1]).toMatchObject({ user_id: reported.id, is_active: true });

    await act(`/admin/announcements/${scam}/delete`, moderator.token, {
      reason: "Arnaque au paiement d'avance",
    });
    await expectAudited('announcement.delete', {
      actor_id: moderator.id,
      target_id: scam,
      reason: "Arnaque au paiement d'avance",
    });
    expect((await openReportsAbout(reported))[0]?.reported.announcements).toBe(1);
    const after = (
      await call(
        'GET',
        `/admin/announcements?user_id=${reported.id}&status=deleted`,
        moderator.token,
      )
    ).json();
    expect(after.data.map((a: { id: number }) => a.id)).toEqual([scam]);
    expect((await notificationsOf(reported))[0]?.message).toBe(
      "Votre annonce a été retirée par la modération : Arnaque au paiement d'avance",
    );
  });
});

describe('announcements', () => {
  it('finds, hides, restores and deletes an announcement with a reason, each audited', async () => {
    const author = await createMember(t, { name: 'Auteur' });
    const id = await publishAnnouncement(
      author,
      'Cherche partenaire de danse pour les soirées salsa du jeudi soir au centre-ville de Ouaga.',
    );
    const found = (await call('GET', '/admin/announcements?q=salsa', moderator.token)).json().data;
    expect(found.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(found[0]).toMatchObject({ user_id: author.id, is_active: true });
    const feed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/announcements?per_page=20' }))
        .json()
        .data.map((a: { id: number }) => a.id);

    await act(`/admin/announcements/${id}/hide`, moderator.token, { reason: 'Hors sujet' });
    expect(await feed()).not.toContain(id);
    const hidden = await call('GET', '/admin/announcements?status=hidden', moderator.token);
    expect(hidden.json().data.map((a: { id: number }) => a.id)).toContain(id);
    await act(`/admin/announcements/${id}/restore`, moderator.token, { reason: 'Erreur' });
    expect(await feed()).toContain(id);
    await act(`/admin/announcements/${id}/delete`, moderator.token, { reason: 'Arnaque' });
    expect(await feed()).not.toContain(id);
    const again = await call('POST', `/admin/announcements/${id}/delete`, moderator.token, {
      reason: 'Encore',
    });
    expect(again.statusCode).toBe(404);
    for (const [action, reason] of [
      ['announcement.hide', 'Hors sujet'],
      ['announcement.restore', 'Erreur'],
      ['announcement.delete', 'Arnaque'],
    ] as const)
      await expectAudited(action, { actor_id: moderator.id, target_id: id, reason });
  });
});

describe('stories and support tickets', () => {
  async function heldStory(content: string) {
    const writer = await createMember(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/histoires',
      headers: { authorization: `Bearer ${writer.token}` },
      payload: { content, is_anonymous: true },
    });
    expect(posted.json().data.status).toBe('pending');
    const queue = (await call('GET', '/admin/stories', moderator.token)).json().data;
    return queue.find((s: { content: string }) => s.content === content);
  }
  const storyFeed = async () =>
    JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/histoires?page=1' })).json());

  it('shows a held story with its reason; approving puts it in the feed, once', async () => {
    const held = await heldStory(
      "Je l'ai rencontré au marché, appelez moi au 70 12 34 56 pour la suite !",
    );
    expect(held.held_reason_label).toBe('Numéro de téléphone détecté');
    expect(await storyFeed()).not.toContain('marché');
    await act(`/admin/stories/${held.id}/approve`, moderator.token, {
      reason: 'Numéro fictif, histoire sincère',
    });
    expect(await storyFeed()).toContain('marché');
    const late = await call('POST', `/admin/stories/${held.id}/reject`, moderator.token, {
      reason: 'Trop tard',
    });
    expect(late.statusCode).toBe(409);
    await expectAudited('story.approve', {
      actor_id: moderator.id,
      target_id: held.id,
      reason: 'Numéro fictif, histoire sincère',
    });
  });

  it('rejects a held story with a reason: it never reaches the feed', async () => {
    const held = await heldStory(
      'Rencontrée à la gare, écris-moi sur WhatsApp au 76 54 32 10 pour continuer notre histoire.',
    );
    await act(`/admin/stories/${held.id}/reject`, moderator.token, {
      reason: 'Publicité pour un numéro',
    });
    expect(await storyFeed()).not.toContain('la gare');
    const rejected = (await call('GET', '/admin/stories?status=rejected', moderator.token)).json();
    expect(rejected.data.map((s: { id: number }) => s.id)).toContain(held.id);
    const pending = (await call('GET', '/admin/stories', moderator.token)).json();
    expect(pending.data.map((s: { id: number }) => s.id)).not.toContain(held.id);
    await expectAudited('story.reject', {
      actor_id: moderator.id,
      target_id: held.id,
      reason: 'Publicité pour un numéro',
    });
  });

  it('moves a ticket through its statuses, replies by e-mail, and says why in the log', async () => {
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
    const ticketOf = async () =>
      (await call('GET', '/admin/tickets', moderator.token))
        .json()
        .data.find((x: { user_id: number }) => x.user_id === asker.id) as {
        id: number;
        status: string;
        updated_at: string;
      };
    const pendingList = (
      await call('GET', '/admin/tickets?status=pending', moderator.token)
    ).json();
    const created = await ticketOf();
    expect(pendingList.data.map((x: { id: number }) => x.id)).toContain(created.id);

    await act(`/admin/tickets/${created.id}`, moderator.token, { status: 'in_progress' });
    const moved = await ticketOf();
    expect(moved.status).toBe('in_progress');
    expect(new Date(moved.updated_at).getTime()).toBeGreaterThan(
      new Date(created.updated_at).getTime(),
    );

    const before = t.app.deps.mailer.outbox().length;
    await act(`/admin/tickets/${created.id}`, moderator.token, {
      status: 'resolved',
      reply: 'Le paiement a été crédité, merci de votre patience.',
    });
    const sent = t.app.deps.mailer.outbox().slice(before);
    expect(sent.map((m) => m.subject)).toContain(`Réponse à votre ticket #${created.id}`);
    const resolved = await ticketOf();
    expect(new Date(resolved.updated_at).getTime()).toBeGreaterThan(
      new Date(moved.updated_at).getTime(),
    );
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/support/my-tickets',
        payload: { token: asker.token },
      })
    ).json().data;
    const row = (Array.isArray(mine) ? mine : mine.data).find(
      (x: { id: number }) => x.id === created.id,
    );
    expect(row).toMatchObject({
      status: 'resolved',
      reply: 'Le paiement a été crédité, merci de votre patience.',
    });

    const backwards = await call('POST', `/admin/tickets/${created.id}`, moderator.token, {
      status: 'pending',
    });
    expect(backwards.statusCode).toBe(409);
    await act(`/admin/tickets/${created.id}`, moderator.token, {
      status: 'closed',
      reason: 'Le membre confirme la réception',
    });
    const reasons = (await auditRows('ticket.update'))
      .filter((r) => r.target_id === created.id)
      .map((r) => [r.reason, r.data]);
    expect(reasons).toEqual([
      ['Statut : En attente → En cours', { from: 'pending', to: 'in_progress', replied: false }],
      [
        'Statut : En cours → Résolu ; Réponse envoyée au membre',
        { from: 'in_progress', to: 'resolved', replied: true },
      ],
      ['Le membre confirme la réception', { from: 'resolved', to: 'closed', replied: false }],
    ]);
  });
});

describe('payments', () => {
  // Re-checks credit coins: every balance must still be the sum of its ledger movements.
  afterEach(() => expectBooksBalanced(t));

  async function pendingOrder(buyer: Member, phone: string) {
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init-bf-payment',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { amount: 1000, phone, payment_method: 'moov' },
    });
    expect(init.statusCode, init.body).toBe(200);
    const pending = (await call('GET', '/admin/payments?status=pending', admin.token)).json().data;
    return pending.find((o: { user_id: number }) => o.user_id === buyer.id) as {
      id: number;
      amount: number;
      provider: string;
      status: string;
    };
  }

  it('lists orders by status and provider, re-checks one with its provider (crediting once)', async () => {
    const buyer = await createMember(t);
    const order = await pendingOrder(buyer, '70123456');
    expect(order).toMatchObject({ amount: 1000, provider: 'simulator', status: 'pending' });
    const recheck = await act(`/admin/payments/${order.id}/recheck`, admin.token);
    expect(recheck.data.status).toBe('success');
    await act(`/admin/payments/${order.id}/recheck`, admin.token);
    expect((await memberRow(buyer.id))?.coins).toBe(275);

    const ids = async (qs: string) =>
      (await call('GET', `/admin/payments?${qs}`, admin.token))
        .json()
        .data.map((o: { id: number }) => o.id);
    expect(await ids('status=success&provider=simulator')).toContain(order.id);
    expect(await ids('status=pending')).not.toContain(order.id);
    expect(await ids('provider=orange_bf')).not.toContain(order.id);

    const rows = (await auditRows('payment.recheck')).filter((r) => r.target_id === order.id);
    expect(rows.map((r) => r.reason)).toEqual([
      expect.stringMatching(
        /^Réponse de simulator : paiement confirmé \(1000 XOF, réf\. sim:ok\b.*\)\. Statut de la commande : réussi\.$/,
      ),
      "Commande déjà terminée (statut : réussi) : le fournisseur n'a pas été interrogé.",
    ]);
    expect(rows[0]?.data).toMatchObject({
      before: 'pending',
      after: 'success',
      answer: { status: 'success', amount: 1000 },
    });
  });

  it('records a refusal given by the provider as the why of the re-check', async () => {
    const buyer = await createMember(t);
    // The simulator fails a mobile payment whose number ends in 0 at its first check.
    const order = await pendingOrder(buyer, '70123450');
    expect((await act(`/admin/payments/${order.id}/recheck`, admin.token)).data.status).toBe(
      'failed',
    );
    expect((await memberRow(buyer.id))?.coins).toBe(0);
    const [row] = (await auditRows('payment.recheck')).filter((r) => r.target_id === order.id);
    expect(row?.reason).toMatch(
      /^Réponse de simulator : paiement refusé.*Statut de la commande : échoué\.$/,
    );
  });

  it('lists under "raised" the orders unsettled 15 minutes on, with the last answer', async () => {
    const buyer = await createMember(t);
    // No reference: the simulator knows nothing of it and answers "pending" forever.
    const order = await insertOrder(kyselyOf(t.db), {
      paymentId: `raised-${buyer.id}`,
      userId: buyer.id,
      packId: 2,
      amount: 1000,
      currency: 'XOF',
      coins: 250,
      bonus: 25,
      provider: 'simulator',
      method: 'moov',
      phone: '70000001',
    });
    if (!order) throw new Error('order not inserted');
    expect((await act(`/admin/payments/${order.id}/recheck`, admin.token)).data.status).toBe(
      'pending',
    );
    const raisedIds = async () =>
      (await call('GET', '/admin/payments?status=raised', admin.token))
        .json()
        .data.map((o: { id: number }) => o.id);
    const at = (minutes: number) => ({
      ...paymentDeps(t.app.deps),
      clock: { now: () => new Date(Date.now() + minutes * 60_000) },
    });
    await raiseUnsettledOrders(at(14));
    expect(await raisedIds()).not.toContain(order.id);
    await raiseUnsettledOrders(at(16));
    expect(await raisedIds()).toContain(order.id);
    const [row] = (await call('GET', '/admin/payments?status=pending', admin.token))
      .json()
      .data.filter((o: { id: number }) => o.id === order.id);
    expect(row).toMatchObject({
      raised_at: expect.any(String),
      last_answer: {
        call: 'status',
        outcome: 'pending',
        reason: 'simulateur : paiement inconnu',
        amount: 1000,
        currency: 'XOF',
      },
    });
    // Closed by the provider's answer, it leaves the raised queue.
    await settleOrder(paymentDeps(t.app.deps), order.id, {
      status: 'failed',
      reference: null,
      reason: 'test',
    });
    expect(await raisedIds()).not.toContain(order.id);
  });

  it('lists the members whose balance is not the sum of their movements', async () => {
    const honest = await createMember(t);
    await act(`/admin/members/${honest.id}/coins`, admin.token, { amount: 40, reason: 'Geste' });
    const tampered = await createMember(t);
    await act(`/admin/members/${tampered.id}/coins`, admin.token, { amount: 40, reason: 'Geste' });
    // A balance changed behind the ledger's back.
    await t.db.query('UPDATE users SET coins = coins + 500 WHERE id = $1', [tampered.id]);
    const mismatches = (await call('GET', '/admin/ledger-audit', admin.token)).json().data;
    const ids = mismatches.map((m: { user_id: number }) => m.user_id);
    expect(ids).not.toContain(honest.id);
    expect(mismatches.find((m: { user_id: number }) => m.user_id === tampered.id)).toEqual({
      user_id: tampered.id,
      balance: 540,
      ledger_sum: 40,
      last_balance_after: 40,
      movements: 1,
    });
    await t.db.query('UPDATE users SET coins = 40 WHERE id = $1', [tampered.id]);
    const fixed = (await call('GET', '/admin/ledger-audit', admin.token)).json().data;
    expect(fixed.map((m: { user_id: number }) => m.user_id)).not.toContain(tampered.id);
  });
});

describe('dashboard figures', () => {
  // A database of its own, so every figure is known exactly.
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp();
  });
  afterAll(() => d.close());

  const dayOf = async (sql: string) =>
    (await d.db.query<{ day: string }>(`SELECT to_char(${sql}, 'YYYY-MM-DD') AS day`))[0]?.day;

  /** An order opened `openedDaysAgo`, settled by the provider's success now. */
  async function paidOrder(
    buyer: Member,
    o: { provider: 'orange_bf' | 'moov_bf'; amount: number; packId: number; openedDaysAgo: number },
  ) {
    const order = await insertOrder(kyselyOf(d.db), {
      paymentId: `dash-${o.provider}-${buyer.id}`,
      userId: buyer.id,
      packId: o.packId,
      amount: o.amount,
      currency: 'XOF',
      coins: 100,
      bonus: 0,
      provider: o.provider,
      method: o.provider === 'orange_bf' ? 'orange' : 'moov',
      phone: '70000001',
    });
    if (!order) throw new Error('order not inserted');
    await d.db.query(
      `UPDATE payment_orders SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
      [order.id, o.openedDaysAgo],
    );
    await settleOrder(paymentDeps(d.app.deps), order.id, { status: 'success', reference: 'REF' });
    return order.id;
  }

  it('counts members, activity, messages, matches and revenue per day and per provider', async () => {
    const boss = await createMember(d, { name: 'Cheffe' });
    await setRole(d, boss.id, 'admin');
    const [awa, bintou, carine] = [
      await createMember(d, { name: 'Awa' }),
      await createMember(d, { name: 'Bintou' }),
      await createMember(d, { name: 'Carine' }),
    ];
    await d.db.query(`UPDATE users SET created_at = now() - interval '3 days' WHERE id = $1`, [
      carine.id,
    ]);
    await d.db.query(
      `INSERT INTO member_activity (day, user_id) VALUES (current_date - 1, $1), (current_date - 1, $2)`,
      [carine.id, awa.id],
    );
    const chatId = await matchChat(awa, bintou, d);
    for (const text of ['Salut Bintou', 'Ça va ?'])
      expect((await sendText(awa, chatId, text, d)).statusCode).toBe(201);
    expect((await sendText(bintou, chatId, 'Oui et toi ?', d)).statusCode).toBe(201);

    // Paid today through the whole flow (simulator), via Orange today though opened 3 days
    // ago, via Moov yesterday; a refused and a pending order bring nothing.
    const init = (payment_method: 'moov' | 'orange', phone: string, amount: number) =>
      d.app.inject({
        method: 'POST',
        url: '/api/init-bf-payment',
        headers: { authorization: `Bearer ${carine.token}` },
        payload: { amount, phone, payment_method, otp: '123456' },
      });
    expect((await init('moov', '70111111', 1000)).statusCode).toBe(200);
    expect((await init('moov', '70111110', 2000)).statusCode).toBe(200);
    expect((await init('moov', '70111112', 5000)).statusCode).toBe(200);
    const simulated = await d.db.query<{ id: number; amount: number }>(
      'SELECT id, amount FROM payment_orders ORDER BY id',
    );
    for (const o of simulated.filter((x) => x.amount !== 5000))
      await call('POST', `/admin/payments/${o.id}/recheck`, boss.token, undefined, d);
    await paidOrder(awa, { provider: 'orange_bf', amount: 2000, packId: 4, openedDaysAgo: 3 });
    const moovId = await paidOrder(bintou, {
      provider: 'moov_bf',
      amount: 500,
      packId: 2,
      openedDaysAgo: 2,
    });
    await d.db.query(
      `UPDATE payment_orders SET completed_at = completed_at - interval '1 day' WHERE id = $1`,
      [moovId],
    );

    const [today, yesterday, threeDaysAgo] = [
      await dayOf('current_date'),
      await dayOf('current_date - 1'),
      await dayOf('current_date - 3'),
    ];
    // Today's activity is written as requests come in: boss, Awa, Bintou and Carine.
    const dashboard = async () =>
      (await call('GET', '/admin/dashboard', boss.token, undefined, d)).json().data;
    await vi.waitFor(async () =>
      expect((await dashboard()).series.active_members.at(-1)).toEqual({ day: today, n: 4 }),
    );
    const data = await dashboard();
    const on = (series: { day: string; n: number }[], day: string | undefined) =>
      series.find((x) => x.day === day)?.n;
    for (const series of Object.values(data.series) as { day: string }[][]) {
      expect(series).toHaveLength(30);
      expect(series.at(-1)?.day).toBe(today);
    }
    expect(on(data.series.new_members, today)).toBe(3);
    expect(on(data.series.new_members, threeDaysAgo)).toBe(1);
    expect(on(data.series.active_members, yesterday)).toBe(2);
    expect(on(data.series.messages, today)).toBe(3);
    expect(on(data.series.matches, today)).toBe(1);
    expect(on(data.series.revenue_fcfa, today)).toBe(1000 + 2000);
    expect(on(data.series.revenue_fcfa, yesterday)).toBe(500);
    expect(on(data.series.revenue_fcfa, threeDaysAgo)).toBe(0);
    expect(
      data.revenue_by_provider.map((p: { provider: string; amount: number; orders: number }) => [
        p.provider,
        p.amount,
        p.orders,
      ]),
    ).toEqual([
      ['orange_bf', 2000, 1],
      ['simulator', 1000, 1],
      ['moov_bf', 500, 1],
    ]);
    const [orange, simulator, moov] = data.revenue_by_provider;
    expect(orange.series).toHaveLength(30);
    expect(on(orange.series, today)).toBe(2000);
    expect(on(orange.series, threeDaysAgo)).toBe(0);
    expect(on(simulator.series, today)).toBe(1000);
    expect(on(moov.series, yesterday)).toBe(500);
    expect(on(moov.series, today)).toBe(0);
    expect(data.pending).toEqual({ stories: 0, reports: 0, scams: 0, tickets: 0, payments: 1 });
  });
});

describe('dashboard and audit log', () => {
  it('gives the queue counts of the shared database', async () => {
    const d = (await call('GET', '/admin/dashboard', moderator.token)).json().data;
    const open = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reports WHERE status = 'open'`,
    );
    expect(d.pending.reports).toBe(open[0]?.n);
    expect(d.pending.reports).toBeGreaterThan(0);
  });

  it('lets admins read the audit log, which nobody can change', async () => {
    const log = (await call('GET', '/admin/audit', admin.token)).json();
    expect(log.data.length).toBeGreaterThan(0);
    expect(log.data[0]).toHaveProperty('actor_name');
    await expect(t.db.query('UPDATE audit_log SET reason = $1', ['effacé'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    const after = (await call('GET', '/admin/audit', admin.token)).json();
    expect(after.data).toEqual(log.data);
  });

  it('says why on every row of the audit log', async () => {
    const rows = await t.db.query<{ action: string; reason: string | null }>(
      'SELECT action, reason FROM audit_log',
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.reason?.trim())).toEqual([]);
  });
});
