/**
 * Staff routes, walked from the OpenAPI description: every /api/admin call answers 401 without a
 * session and 403 to a member; the admin-only ones (ADMIN_ONLY) answer 403 to a moderator, the
 * others let a moderator in; an admin gets into all. Refused calls aim at real records with a
 * valid body and must leave every row as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Param } from '../src/db/db.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The calls only an admin may make (requireAdmin): money, roles, the audit trail, broadcasts. */
const ADMIN_ONLY = new Set([
  'POST /api/admin/members/{id}/role',
  'POST /api/admin/members/{id}/coins',
  'GET /api/admin/payments',
  'POST /api/admin/payments/{id}/recheck',
  'GET /api/admin/ledger-audit',
  'GET /api/admin/audit',
  'POST /api/admin/promotions',
]);

/** A body every staff action would accept (each takes the fields it knows). */
const BODY = {
  reason: 'Vérification des droits',
  message: 'Un avertissement de vérification',
  role: 'moderator',
  amount: 50,
  audience: 'all',
  status: 'resolved',
  reply: 'Réponse de vérification',
};

type Method = 'GET' | 'POST';

async function adminOperations() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase() as Method, path })),
    );
}

/** One real record per kind, so a refused call names something it could have changed. */
async function records() {
  const target = await createMember(t, { coins: 100 });
  const owner = await createMember(t);
  const one = async (q: string, params: Param[]) =>
    (await t.db.query<{ id: number }>(`${q} RETURNING id`, params))[0]?.id ?? 0;
  return {
    members: target.id,
    // The « Arnaques » queue acts on a member.
    scams: target.id,
    reports: await one(
      `INSERT INTO reports (reporter_id, reported_id, reason) VALUES ($1, $2, 'scam')`,
      [owner.id, target.id],
    ),
    announcements: await one(
      `INSERT INTO announcements (user_id, description) VALUES ($1, repeat('a', 60))`,
      [target.id],
    ),
    stories: await one(
      `INSERT INTO stories (author_id, content, status) VALUES ($1, 'Une histoire en attente', 'pending')`,
      [target.id],
    ),
    tickets: await one(
      `INSERT INTO support_tickets (user_id, reason, description) VALUES ($1, 'autre', 'Une demande d''aide')`,
      [target.id],
    ),
    verifications: await one(
      `INSERT INTO verification_requests (user_id, poses, status, submitted_at)
       VALUES ($1, ARRAY['main_gauche', 'sourire'], 'pending', now())`,
      [target.id],
    ),
    payments: await one(
      `INSERT INTO payment_orders (payment_id, user_id, pack_id, amount, coins, provider, method)
       VALUES ('9000000001', $1, 1, 500, 100, 'simulator', 'card')`,
      [target.id],
    ),
  };
}
type Records = Awaited<ReturnType<typeof records>>;

/** The path with {id} replaced by the record of its kind (the segment after /api/admin/). */
function urlOf(path: string, recs: Records | null) {
  if (!path.includes('{id}')) return path;
  const kind = path.split('/')[3] ?? '';
  if (!recs) return path.replace('{id}', '999999999');
  // A new kind of record needs its own row above, so its refusals are tested on a real one.
  if (!(kind in recs)) throw new Error(`no test record for ${path}`);
  return path.replace('{id}', String(recs[kind as keyof Records]));
}

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of [
    'users',
    'audit_log',
    'notifications',
    'coin_movements',
    'reports',
    'announcements',
    'stories',
    'support_tickets',
    'payment_orders',
    'promotions',
    'sessions',
  ])
    out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1`);
  return out;
}

const call = (method: Method, url: string, token?: string) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'POST' ? { payload: BODY } : {}),
  });

describe('staff routes', () => {
  it('refuses everyone but staff, and moderators on admin-only calls, changing nothing', async () => {
    const ops = await adminOperations();
    expect(ops.length).toBeGreaterThan(20);
    const names = ops.map((o) => `${o.method} ${o.path}`);
    for (const known of ADMIN_ONLY) expect(names, known).toContain(known);
    const recs = await records();
    const member = await createMember(t);
    const moderator = await createMember(t);
    await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
    for (const { method, path } of ops) {
      const name = `${method} ${path}`;
      const url = urlOf(path, recs);
      const cases: [string | undefined, number][] = [
        [undefined, 401],
        [member.token, 403],
      ];
      if (ADMIN_ONLY.has(name)) cases.push([moderator.token, 403]);
      for (const [token, status] of cases) {
        const before = await snapshot();
        const res = await call(method, url, token);
        expect(res.statusCode, `${name} → ${res.body}`).toBe(status);
        expect(res.json(), name).toMatchObject({ success: false });
        // Not a row moves: no audit entry, no coins, no role, no notification.
        expect(await snapshot(), name).toEqual(before);
      }
    }
  });

  it('lets a moderator into the staff calls and an admin into all of them', async () => {
    const ops = await adminOperations();
    const moderator = await createMember(t);
    const admin = await createMember(t);
    await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const refused: string[] = [];
    for (const { method, path } of ops) {
      const name = `${method} ${path}`;
      // An unknown record: each call goes as far as looking it up, and changes nothing.
      const url = urlOf(path, null);
      const staff = ADMIN_ONLY.has(name) ? [admin] : [moderator, admin];
      for (const who of staff) {
        const res = await call(method, url, who.token);
        if ([401, 403].includes(res.statusCode)) refused.push(`${name} → ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
