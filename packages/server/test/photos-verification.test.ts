/**
 * Several photos and verified profiles (issue 28) on the server: the gallery (add, reorder,
 * replace, delete, six at most, the main photo in lists, a moderator's audited removal), the
 * photos of an opened profile, the swipe card's light gallery; verification (poses drawn, two
 * selfies, 3 tries a day, a reused selfie refused at once), the console's queue with audited
 * readings and decisions, the selfie files gone from storage once decided, never served by
 * /uploads; the badge everywhere and the verified-only filters; the badge lost with the main
 * photo; three « Faux profil » reports holding new chats until a verification.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTOS_MSG,
  PROFILE_PHOTOS_MAX,
  VERIFICATION_MSG,
  VERIFICATION_POSE_KEYS,
  VERIFICATION_REFUSAL_REASONS,
} from '@app/shared';
import { createConsoleApp, createMember, type TestApp } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let moderator: Member;

beforeAll(async () => {
  ({ t, moderator } = await createConsoleApp());
});
afterAll(async () => {
  await t.close();
});

let seed = 1;
/** A JPEG of random noise: each one a different picture to a perceptual hash. */
async function picture(width = 320, height = 400): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = (seed += 7919);
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    raw[i] = x % 256;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(4)
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } })
    .toBuffer();
}

/** A multipart request body built the way a browser builds it. */
async function formOf(files: Record<string, Buffer>) {
  const fd = new FormData();
  for (const [field, data] of Object.entries(files)) {
    fd.set(field, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${field}.jpg`);
  }
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    type: req.headers.get('content-type') ?? '',
  };
}

async function upload(url: string, token: string, files: Record<string, Buffer>) {
  const body = await formOf(files);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.type },
    payload: body.payload,
  });
}

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });

/** The texts of the member's « Vérification du profil » notifications, newest first. */
async function verificationNotices(m: { token: string }) {
  const list = (await api('POST', '/notifications', m.token, { per_page: 50 })).json().data as {
    type: string;
    message: string;
  }[];
  return list.filter((n) => n.type === 'verification').map((n) => n.message);
}

type Gallery = { id: number; thumb: string; card: string }[];

async function memberWithPhotos(n: number, name?: string) {
  const m = await createMember(t, name ? { name } : {});
  // Somewhere around Ouagadougou, so the deck and the map find them.
  await t.db.query('UPDATE users SET lat = 12.37, lng = -1.52 WHERE id = $1', [m.id]);
  let gallery: Gallery = [];
  for (let i = 0; i < n; i += 1) {
    const res = await upload('/profile/photos/add', m.token, { photo: await picture() });
    expect(res.statusCode, res.body).toBe(201);
    gallery = res.json().data;
  }
  return { ...m, gallery };
}

async function verifyThrough(m: Member) {
  const status = await api('POST', '/verification', m.token);
  expect(status.statusCode, status.body).toBe(200);
  expect(status.json().data.poses).toHaveLength(2);
  const res = await upload('/verification/selfies', m.token, {
    selfie_1: await picture(),
    selfie_2: await picture(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.query<{ id: number; selfie_keys: string[] }>(
    `SELECT id, selfie_keys FROM verification_requests WHERE user_id = $1 AND status = 'pending'`,
    [m.id],
  );
  if (!row) throw new Error('no pending check');
  return row;
}

describe('the gallery', () => {
  it('adds up to six photos, the first the main one; a seventh is refused in French', async () => {
    const m = await memberWithPhotos(PROFILE_PHOTOS_MAX);
    expect(m.gallery).toHaveLength(PROFILE_PHOTOS_MAX);
    const extra = await upload('/profile/photos/add', m.token, { photo: await picture() });
    expect(extra.statusCode).toBe(422);
    expect(extra.json()).toMatchObject({ error: 'photos_full', message: PHOTOS_MSG.full });
    const own = (await api('GET', '/user/profile', m.token)).json().data;
    expect(own.photos.thumb).toBe(m.gallery[0]?.thumb);
  });

  it('stores each photo as WebP variants with no metadata left', async () => {
    const m = await memberWithPhotos(1);
    const card = m.gallery[0]?.card ?? '';
    const res = await t.app.inject({ method: 'GET', url: card });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const lite = await t.app.inject({ method: 'GET', url: card.replace('-card.', '-lite.') });
    expect(lite.statusCode).toBe(200);
  });

  it('reorders: the new first photo becomes the main one in lists', async () => {
    const m = await memberWithPhotos(3);
    const ids = m.gallery.map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await api('POST', '/profile/photos/order', m.token, { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual(reversed);
    const own = (await api('GET', '/user/profile', m.token)).json().data;
    expect(own.photos.thumb).toBe(m.gallery[2]?.thumb);
    const bad = await api('POST', '/profile/photos/order', m.token, {
      ids: [ids[0], ids[0], ids[1]],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PHOTOS_MSG.orderInvalid);
  });

  it('replaces and deletes a photo (its files go), keeps at least one, touches only its own', async () => {
    const m = await memberWithPhotos(2);
    const other = await memberWithPhotos(1);
    const [first, second] = m.gallery;
    if (!first || !second) throw new Error('two photos expected');
    const replaced = await upload(`/profile/photos/${second.id}/replace`, m.token, {
      photo: await picture(),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data[1].card).not.toBe(second.card);
    expect((await t.app.inject({ method: 'GET', url: second.card })).statusCode).toBe(404);

    const notMine = await api('POST', `/profile/photos/${other.gallery[0]?.id}/delete`, m.token);
    expect(notMine.statusCode).toBe(404);
    const deleted = await api('POST', `/profile/photos/${first.id}/delete`, m.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toHaveLength(1);
    const last = deleted.json().data[0].id as number;
    const refused = await api('POST', `/profile/photos/${last}/delete`, m.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PHOTOS_MSG.keepOne);
  });

  it('shows another member all their photos, the swipe card only light variants of the others', async () => {
    const viewer = await memberWithPhotos(1);
    const shown = await memberWithPhotos(3, 'Galerie');
    const opened = await api('POST', `/users/${shown.id}/photos`, viewer.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.photos).toHaveLength(3);
    expect(opened.json().data.photos[0].card).toBe(shown.gallery[0]?.card);

    const deck = await api('POST', '/swipe/profiles', viewer.token, { limit: 20 });
    const card = deck.json().data.find((c: { id: number }) => c.id === shown.id);
    expect(card.photo).toBe(shown.gallery[0]?.card);
    expect(card.more_photos).toHaveLength(2);
    expect(Object.keys(card.more_photos[0]).sort()).toEqual(['lite', 'thumb']);

    const block = await api('POST', `/users/${shown.id}/block`, viewer.token, {});
    expect(block.statusCode, block.body).toBe(200);
    expect((await api('POST', `/users/${shown.id}/photos`, viewer.token)).statusCode).toBe(404);
  });

  it('lets a moderator remove one named photo, with the reason in the audit log', async () => {
    const m = await memberWithPhotos(2);
    const second = m.gallery[1];
    const res = await api('POST', `/admin/members/${m.id}/photo/delete`, moderator.token, {
      reason: "Photo d'un tiers",
      photo_id: second?.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = (await api('POST', '/profile/photos', m.token)).json().data as Gallery;
    expect(left.map((p) => p.id)).toEqual([m.gallery[0]?.id]);
    const audit = await t.db.query<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE action = 'member.photo_delete' AND target_id = $1`,
      [m.id],
    );
    expect(audit.map((a) => a.reason)).toEqual(["Photo d'un tiers"]);
  });

  it('keeps the photo a report names', async () => {
    const reporter = await memberWithPhotos(1);
    const m = await memberWithPhotos(2);
    const res = await api('POST', `/users/${m.id}/report`, reporter.token, {
      reason: 'inappropriate',
      photo_position: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.query<{ photo_key: string }>(
      'SELECT photo_key FROM reports WHERE reported_id = $1',
      [m.id],
    );
    expect(m.gallery[1]?.card).toContain(row?.photo_key);
  });
});

describe('verification', () => {
  it('draws two different poses among at least eight, and keeps them until the selfies', async () => {
    expect(VERIFICATION_POSE_KEYS.length).toBeGreaterThanOrEqual(8);
    const m = await memberWithPhotos(1);
    const first = (await api('POST', '/verification', m.token)).json().data;
    expect(first.state).toBe('none');
    expect(new Set(first.poses.map((p: { key: string }) => p.key)).size).toBe(2);
    const again = (await api('POST', '/verification', m.token)).json().data;
    expect(again.poses).toEqual(first.poses);
  });

  it('queues the selfies for a moderator, who reads them (audited) and approves: badge on, files gone', async () => {
    const m = await memberWithPhotos(2, 'Vérifiée');
    const pending = await verifyThrough(m);
    expect((await api('POST', '/verification', m.token)).json().data.state).toBe('pending');
    const onDisk = pending.selfie_keys.map((k) => path.join(t.dataDir, 'uploads', k));
    expect(onDisk.every((f) => fs.existsSync(f))).toBe(true);
    for (const key of pending.selfie_keys) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    }

    const queue = (await api('GET', '/admin/verifications', moderator.token)).json().data;
    expect(queue.map((q: { id: number }) => q.id)).toContain(pending.id);
    expect((await api('GET', '/admin/verifications', m.token)).statusCode).toBe(403);
    const read = await api('GET', `/admin/verifications/${pending.id}`, moderator.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.selfies).toHaveLength(2);
    expect(read.json().data.selfies[0]).toMatch(/^data:image\/webp;base64,/);
    expect(read.json().data.photos).toHaveLength(2);

    const ok = await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(onDisk.some((f) => fs.existsSync(f))).toBe(false);
    for (const key of pending.selfie_keys) expect(await t.app.deps.storage.get(key)).toBeNull();
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'verification' AND target_id = $1 ORDER BY id`,
      [pending.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['verification.view', 'verification.approve']);
    expect((await api('POST', '/verification', m.token)).json().data.state).toBe('verified');
    expect((await api('GET', '/user/profile', m.token)).json().data.verified).toBe(true);
    const twice = await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);
    expect(twice.statusCode).toBe(409);
    // The member hears of it in the bell, once.
    expect(await verificationNotices(m)).toEqual([VERIFICATION_MSG.approvedNotice]);
  });

  it('refuses with a reason from the list: the member reads it, the files are gone', async () => {
    const m = await memberWithPhotos(1);
    const pending = await verifyThrough(m);
    const bad = await api('POST', `/admin/verifications/${pending.id}/refuse`, moderator.token, {
      reason: 'parce que',
    });
    expect(bad.statusCode).toBe(400);
    const res = await api('POST', `/admin/verifications/${pending.id}/refuse`, moderator.token, {
      reason: 'pose_not_done',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const key of pending.selfie_keys) expect(await t.app.deps.storage.get(key)).toBeNull();
    const status = (await api('POST', '/verification', m.token)).json().data;
    expect(status).toMatchObject({
      state: 'refused',
      reason: VERIFICATION_REFUSAL_REASONS.pose_not_done,
    });
    expect(status.poses).toHaveLength(2);
    expect(await verificationNotices(m)).toEqual([
      `${VERIFICATION_MSG.refused} : ${VERIFICATION_REFUSAL_REASONS.pose_not_done}`,
    ]);
  });

  it('refuses at once a selfie already used by another account, and keeps nothing of it', async () => {
    const a = await memberWithPhotos(1);
    const b = await memberWithPhotos(1);
    const selfie = await picture();
    await api('POST', '/verification', a.token);
    const first = await upload('/verification/selfies', a.token, {
      selfie_1: selfie,
      selfie_2: await picture(),
    });
    expect(first.statusCode, first.body).toBe(201);
    await api('POST', '/verification', b.token);
    const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const res = await upload('/verification/selfies', b.token, {
      selfie_1: await picture(),
      selfie_2: selfie,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'selfie_duplicate',
      message: VERIFICATION_MSG.duplicate,
    });
    expect(files(path.join(t.dataDir, 'uploads', 'selfies', `u${b.id}`))).toEqual([]);
    const hashes = await t.db.query('SELECT 1 FROM selfie_hashes WHERE user_id = $1', [b.id]);
    expect(hashes).toHaveLength(2);
  });

  it('allows at most three tries a day, refused in French by the server', async () => {
    const m = await memberWithPhotos(1);
    for (let i = 0; i < 3; i += 1) {
      const pending = await verifyThrough(m);
      await api('POST', `/admin/verifications/${pending.id}/refuse`, moderator.token, {
        reason: 'face_not_visible',
      });
    }
    const status = (await api('POST', '/verification', m.token)).json().data;
    expect(status.tries_left_today).toBe(0);
    const res = await upload('/verification/selfies', m.token, {
      selfie_1: await picture(),
      selfie_2: await picture(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(VERIFICATION_MSG.tooManyTries);
  });
});

describe('what verification gives', () => {
  it('shows the badge on cards and the map, filters verified members, loses it with a new main photo', async () => {
    const viewer = await memberWithPhotos(1);
    const checked = await memberWithPhotos(2, 'Badge');
    const plain = await memberWithPhotos(1, 'Sans badge');
    const pending = await verifyThrough(checked);
    await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);

    const all = (await api('POST', '/swipe/profiles', viewer.token, { limit: 20 })).json().data;
    const cardOf = (id: number) => all.find((c: { id: number }) => c.id === id);
    expect(cardOf(checked.id).verified).toBe(true);
    expect(cardOf(plain.id).verified).toBe(false);
    const only = (
      await api('POST', '/swipe/profiles', viewer.token, { limit: 20, verified_only: true })
    ).json().data as { id: number; verified: boolean }[];
    expect(only.map((c) => c.id)).toContain(checked.id);
    expect(only.every((c) => c.verified)).toBe(true);

    const near = { latitude: 12.37, longitude: -1.52, radius: 50 };
    const map = (await api('POST', '/location/nearby', viewer.token, near)).json().data;
    expect(map.find((u: { id: number }) => u.id === checked.id)?.verified).toBe(true);
    const mapOnly = (
      await api('POST', '/location/nearby', viewer.token, { ...near, verified_only: true })
    ).json().data as { id: number; verified: boolean }[];
    expect(mapOnly.map((u) => u.id)).toContain(checked.id);
    expect(mapOnly.map((u) => u.id)).not.toContain(plain.id);
    expect(mapOnly.every((u) => u.verified)).toBe(true);

    // Reordering keeps the main photo: the badge stays; a new main photo takes it away.
    const ids = checked.gallery.map((p) => p.id);
    await api('POST', '/profile/photos/order', checked.token, { ids });
    expect((await api('GET', '/user/profile', checked.token)).json().data.verified).toBe(true);
    await api('POST', '/profile/photos/order', checked.token, { ids: [...ids].reverse() });
    expect((await api('GET', '/user/profile', checked.token)).json().data.verified).toBe(false);
  });

  it('loses the badge when a photo the selfies matched is deleted', async () => {
    const m = await memberWithPhotos(2);
    const pending = await verifyThrough(m);
    await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);
    await api('POST', `/profile/photos/${m.gallery[1]?.id}/delete`, m.token);
    expect((await api('GET', '/user/profile', m.token)).json().data.verified).toBe(false);
  });

  it('holds new chats after three « Faux profil » reports until the member is verified', async () => {
    const suspect = await memberWithPhotos(1);
    const target = await memberWithPhotos(1);
    for (let i = 0; i < 3; i += 1) {
      const reporter = await memberWithPhotos(1);
      await api('POST', `/users/${suspect.id}/report`, reporter.token, { reason: 'fake_profile' });
    }
    const refused = await api('POST', '/chats/create', suspect.token, { other_user_id: target.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'chat_hold',
      message: VERIFICATION_MSG.fakeProfileHold,
    });
    const pending = await verifyThrough(suspect);
    await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);
    const ok = await api('POST', '/chats/create', suspect.token, { other_user_id: target.id });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('refuses a new chat from an unverified member to one who accepts verified profiles only', async () => {
    const choosy = await memberWithPhotos(1);
    const plain = await memberWithPhotos(1);
    const checked = await memberWithPhotos(1);
    const set = await api('PATCH', '/me/settings', choosy.token, { verified_only_messages: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.verified_only_messages).toBe(true);
    const refused = await api('POST', '/chats/create', plain.token, { other_user_id: choosy.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'verified_only',
      message: VERIFICATION_MSG.verifiedOnlyRefusal,
    });
    const pending = await verifyThrough(checked);
    await api('POST', `/admin/verifications/${pending.id}/approve`, moderator.token);
    const ok = await api('POST', '/chats/create', checked.token, { other_user_id: choosy.id });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });
});
