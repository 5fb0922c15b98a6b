import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { multipartBody as form } from './multipart-form.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jpeg = (w = 600, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'Secret Owner' } })
    .toBuffer();

const valid = {
  name: 'Awa Ouédraogo',
  gender: 'femme',
  birth_date: '1998-04-12',
  locality: 'Ouagadougou, Burkina Faso',
  details: JSON.stringify({ bio: "J'aime la musique et les voyages.", height: 3, ambition: 5 }),
};

async function complete(
  token: string | null,
  fields: Record<string, string>,
  photo?: { data: Buffer; name: string; type: string },
  bearer = false,
) {
  const body = form(token && !bearer ? { token, ...fields } : fields, photo);
  return t.app.inject({
    method: 'POST',
    url: '/api/complete-profile',
    payload: body.payload,
    headers: { ...body.headers, ...(bearer && token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('POST /api/complete-profile', () => {
  it('completes the profile with a re-encoded WebP photo stripped of metadata', async () => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, valid, {
      data: await jpeg(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Awa Ouédraogo',
      gender: 'femme',
      locality: 'Ouagadougou, Burkina Faso',
      profile_complete: true,
      bio: "J'aime la musique et les voyages.",
    });
    expect(data.details).toEqual({ height: 3, ambition: 5 });
    expect(data.age).toBeGreaterThanOrEqual(18);
    for (const url of [data.photos.thumb, data.photos.card, data.photos.full]) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const again = await complete(m.token, valid, {
      data: await jpeg(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(again.statusCode).toBe(409);
  });

  it('accepts the token as a bearer header too, and judges the photo by its content', async () => {
    const m = await createMember(t, { complete: false });
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const res = await complete(
      m.token,
      valid,
      { data: png, name: 'selfie.txt', type: 'text/plain' },
      true,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, valid, {
      data: Buffer.from("ceci n'est pas une image"),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Veuillez sélectionner une image valide');
    const row = await t.db.query<{ profile_completed_at: Date | null }>(
      'SELECT profile_completed_at FROM users WHERE id = $1',
      [m.id],
    );
    expect(row[0]?.profile_completed_at).toBeNull();
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const m = await createMember(t, { complete: false });
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await complete(m.token, valid, {
      data: big,
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("L'image doit faire moins de 5MB");
  });

  it('answers each field error in French', async () => {
    const m = await createMember(t, { complete: false });
    const photo = { data: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...valid, name: '' }, 'name', 'Le nom est requis'],
      [{ ...valid, name: 'A' }, 'name', 'Le nom doit contenir au moins 2 caractères'],
      [{ ...valid, gender: 'autre' }, 'gender', 'Le genre est requis'],
      [{ ...valid, birth_date: '2001-02-30' }, 'birth_date', 'Date de naissance invalide'],
      [{ ...valid, birth_date: '1850-01-01' }, 'birth_date', 'Année de naissance invalide'],
      [
        { ...valid, birth_date: `${new Date().getUTCFullYear() - 15}-01-01` },
        'birth_date',
        'Vous devez avoir au moins 18 ans',
      ],
      [{ ...valid, locality: '  ' }, 'locality', 'La localité est requise'],
      [{ ...valid, details: JSON.stringify({ height: 9 }) }, 'height', 'Valeur entre 1 et 5'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await complete(m.token, fields, photo);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toContain(message);
    }
    const noPhoto = await complete(m.token, valid);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().errors.photo).toBeDefined();
  });

  it('refuses without a token', async () => {
    const res = await complete(null, valid, {
      data: await jpeg(),
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(401);
  });
});
