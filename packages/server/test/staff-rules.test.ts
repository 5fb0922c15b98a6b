/**
 * Staff cannot clear themselves (issue 29): a report about a moderator, or a moderator's scam
 * review, is decided by another staff member only; and a moderator cannot act on an
 * administrator at all (warn, decide a report or a review about them, reset their device).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let admin: Member;
let moderator: Member;
let colleague: Member;
let member: Member;

const setRole = (id: number, role: 'moderator' | 'admin') =>
  t.db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Admin' });
  moderator = await createMember(t, { name: 'Modo' });
  colleague = await createMember(t, { name: 'Collègue' });
  member = await createMember(t, { name: 'Membre' });
  await setRole(admin.id, 'admin');
  await setRole(moderator.id, 'moderator');
  await setRole(colleague.id, 'moderator');
});
afterAll(() => t.close());

const OWN_CASE =
  "Vous ne pouvez pas décider de votre propre dossier : un autre membre de l'équipe s'en charge.";
const ADMIN_TARGET = "Un modérateur ne peut pas agir sur le compte d'un administrateur.";
const REASON = { reason: 'Examen du dossier' };
const WARNING = { message: 'Merci de respecter les règles.', reason: 'Examen du dossier' };

const post = (url: string, as: Member, payload: object = REASON) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${as.token}` },
    payload,
  });

async function reportAbout(reported: Member) {
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO reports (reporter_id, reported_id, reason) VALUES ($1, $2, 'harassment') RETURNING id`,
    [member.id, reported.id],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no report');
  return id;
}
const reportStatus = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM reports WHERE id = $1', [id]))[0]
    ?.status;
const hold = (m: Member) =>
  t.db.query('UPDATE users SET chat_hold_at = now() WHERE id = $1', [m.id]);
const heldAt = async (m: Member) =>
  (
    await t.db.query<{ chat_hold_at: Date | null }>(
      'SELECT chat_hold_at FROM users WHERE id = $1',
      [m.id],
    )
  )[0]?.chat_hold_at;
const auditCount = async () =>
  Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);

describe('staff cannot clear themselves', () => {
  it('a report about a moderator is decided by another staff member, never by them', async () => {
    const id = await reportAbout(moderator);
    const before = await auditCount();
    for (const [url, payload] of [
      [`/admin/reports/${id}/dismiss`, REASON],
      [`/admin/reports/${id}/warn`, WARNING],
    ] as const) {
      const res = await post(url, moderator, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: 'forbidden', message: OWN_CASE });
    }
    expect(await reportStatus(id)).toBe('open');
    expect(await auditCount()).toBe(before);
    expect((await post(`/admin/reports/${id}/dismiss`, colleague)).statusCode).toBe(200);
    expect(await reportStatus(id)).toBe('dismissed');
  });

  it('a held moderator cannot release, nor warn, their own scam review', async () => {
    await hold(moderator);
    const release = await post(`/admin/scams/${moderator.id}/release`, moderator);
    expect(release.statusCode).toBe(403);
    expect(release.json().message).toBe(OWN_CASE);
    const warn = await post(`/admin/scams/${moderator.id}/warn`, moderator, WARNING);
    expect(warn.statusCode).toBe(403);
    expect(await heldAt(moderator)).not.toBeNull();
    expect((await post(`/admin/scams/${moderator.id}/release`, colleague)).statusCode).toBe(200);
    expect(await heldAt(moderator)).toBeNull();
  });

  it('an admin cannot decide their own case either', async () => {
    const id = await reportAbout(admin);
    const res = await post(`/admin/reports/${id}/dismiss`, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OWN_CASE);
    const coins = await post(`/admin/members/${admin.id}/coins`, admin, {
      amount: 1000,
      reason: 'Pour moi',
    });
    expect(coins.statusCode).toBe(403);
    expect(await reportStatus(id)).toBe('open');
  });
});

describe('a moderator cannot act on an administrator', () => {
  it('refuses a warning, a report decision, a scam decision and a device reset', async () => {
    const id = await reportAbout(admin);
    await hold(admin);
    await t.db.query(`UPDATE users SET device_hash = 'dev-admin' WHERE id = $1`, [admin.id]);
    for (const [url, payload] of [
      [`/admin/members/${admin.id}/warn`, WARNING],
      [`/admin/members/${admin.id}/reset-device`, REASON],
      [`/admin/reports/${id}/warn`, WARNING],
      [`/admin/reports/${id}/dismiss`, REASON],
      [`/admin/scams/${admin.id}/release`, REASON],
    ] as const) {
      const res = await post(url, moderator, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden', message: ADMIN_TARGET });
    }
    expect(await reportStatus(id)).toBe('open');
    expect(await heldAt(admin)).not.toBeNull();
    const notified = await t.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [admin.id]);
    expect(notified).toHaveLength(0);
  });

  it('still lets a moderator act on a member, and an admin on a moderator', async () => {
    expect((await post(`/admin/members/${member.id}/warn`, moderator, WARNING)).statusCode).toBe(
      200,
    );
    expect((await post(`/admin/members/${colleague.id}/warn`, admin, WARNING)).statusCode).toBe(
      200,
    );
  });
});
