/**
 * Several photos and a verified profile end to end (issue 28), in Djibo (far from the towns
 * other specs use, so this file's members come first in the deck). Awa adds three photos
 * in « Modifier le profil » and moves the last one first; Moussa's swipe card steps through all
 * four with taps and dots. Awa asks for verification, takes the two selfies with the front
 * camera (Chromium's fake one), a moderator approves in « Vérifications »; the selfie files are
 * gone from storage, the badge shows on Moussa's card, and « Profils vérifiés uniquement »
 * keeps Awa and leaves unverified Binta out. With « Seuls les profils vérifiés peuvent m'écrire »
 * on, unverified Moussa cannot start a chat with Awa: the server refuses in French.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInAdmin } from './support/admin.js';
import { baseUrl, request } from './support/harness.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';
import { offeredIds } from './support/swipes.js';

// 60 km apart; no other spec places members within 100 km (the swipes spec's Dori is 175 km).
const DJIBO = { latitude: 14.1, longitude: -1.63 };
const TITAO = { latitude: 13.77, longitude: -2.07 };
const POLL = { timeout: 15_000 };

/** A photo of one colour with a darker band, so each is its own picture. */
const photoOf = (hue: string) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: hue } })
    .composite([
      {
        input: { create: { width: 600, height: 200, channels: 3, background: '#202020' } },
        top: 300,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

async function addPhoto(page: Page, photo: Buffer, expected: number) {
  await page
    .getByTestId('gallery-add-input')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect
    .poll(() => page.getByTestId('edit-gallery').locator('img').count(), POLL)
    .toBe(expected);
}

async function galleryThumbs(member: E2EMember): Promise<string[]> {
  const res = await callApi('/profile/photos', {}, member.token);
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/profile/photos: data is not a list');
  return list.map((p: unknown) =>
    typeof p === 'object' && p !== null && 'thumb' in p ? String(p.thumb) : '',
  );
}

async function swipesAt(member: E2EMember, at: typeof DJIBO): Promise<Page> {
  await callApi('/location/update', at, member.token);
  const page = await quietPage(member, { serviceWorkers: 'block' });
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(at);
  await page.goto('/swipes');
  return page;
}

const selfieFolder = (id: number) => path.join(inject('dataDir'), 'uploads', 'selfies', `u${id}`);
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe('several photos and a verified profile', () => {
  it(
    'photos added and reordered reach the card; selfies, approval, badge and filter',
    { timeout: 240_000 },
    async () => {
      const [awa, binta, moussa] = await Promise.all([
        createMemberViaApi('Awa', 'femme', await photoOf('#d9485f')),
        createMemberViaApi('Binta', 'femme'),
        createMemberViaApi('Moussa', 'homme'),
      ]);
      await callApi('/location/update', DJIBO, awa.token);
      await callApi('/location/update', TITAO, binta.token);

      // Awa adds three photos and moves the last one to the front.
      const edit = await signedInPage(awa);
      await edit.goto('/edit-profile');
      await edit.getByRole('heading', { name: 'Mes photos' }).waitFor();
      await addPhoto(edit, await photoOf('#2f9e44'), 2);
      await addPhoto(edit, await photoOf('#1c7ed6'), 3);
      await addPhoto(edit, await photoOf('#f59f00'), 4);
      const added = await galleryThumbs(awa);
      await edit.getByRole('button', { name: 'Avancer la photo 4' }).click();
      await expect
        .poll(() => galleryThumbs(awa), POLL)
        .toEqual([added[0], added[1], added[3], added[2]]);
      await edit.getByRole('button', { name: 'Avancer la photo 3' }).click();
      await expect
        .poll(() => galleryThumbs(awa), POLL)
        .toEqual([added[0], added[3], added[1], added[2]]);
      await edit.getByRole('button', { name: 'Avancer la photo 2' }).click();
      await expect
        .poll(() => galleryThumbs(awa), POLL)
        .toEqual([added[3], added[0], added[1], added[2]]);

      // Moussa sees the four on Awa's card: the main one first, then a tap on the right half.
      const deck = await swipesAt(moussa, DJIBO);
      const card = deck.getByTestId('swipe-card');
      await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Awa/);
      const dots = card.getByTestId('swipe-dots');
      await expect.poll(() => dots.locator('.swipe-dot').count()).toBe(4);
      const photoSrc = () => card.locator('img.swipe-photo').first().getAttribute('src');
      const main = await photoSrc();
      const box = await card.boundingBox();
      if (!box) throw new Error('no card box');
      const seen = new Set([main]);
      for (let i = 1; i < 4; i += 1) {
        await deck.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3);
        await expect.poll(() => dots.getAttribute('data-shown')).toBe(String(i));
        seen.add(await photoSrc());
      }
      expect(seen.size).toBe(4);
      await deck.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.3);
      await expect.poll(() => dots.getAttribute('data-shown')).toBe('2');

      // Awa asks for verification and takes the two selfies with the front camera.
      const verify = await signedInPage(awa);
      await verify.context().grantPermissions(['camera'], { origin: baseUrl });
      await verify.goto('/verify-profile');
      await verify.getByRole('button', { name: 'Commencer' }).click();
      for (const n of [1, 2]) {
        await verify.getByRole('heading', { name: `Pose ${n} sur 2` }).waitFor();
        expect(await verify.getByTestId('verify-pose').locator('svg').count()).toBe(1);
        const take = verify.getByRole('button', { name: 'Prendre le selfie' });
        await expect.poll(() => take.isEnabled(), POLL).toBe(true);
        await take.click();
      }
      await verify.getByRole('button', { name: 'Envoyer mes selfies' }).click();
      await verify.getByRole('heading', { name: 'Vérification en cours' }).waitFor(POLL);
      const stored = filesIn(selfieFolder(awa.id));
      const local = inject('stack') === 'single';
      if (local) expect(stored).toHaveLength(2);

      // A moderator opens the check in « Vérifications » and approves it.
      const admin = await signInAdmin();
      const consolePage = await signedInPage(admin);
      await consolePage.goto('/admin/verifications');
      const item = consolePage.getByTestId('admin-verification').filter({ hasText: 'Awa' });
      await item.getByRole('button', { name: 'Examiner les selfies' }).click();
      await expect.poll(() => item.locator('img[alt^="Selfie"]').count(), POLL).toBe(2);
      await expect.poll(() => item.locator('img[alt^="Photo"]').count()).toBe(4);
      await item.getByRole('button', { name: 'Approuver' }).click();
      await consolePage.getByText('Profil vérifié').first().waitFor(POLL);
      // The selfie files are gone from storage.
      if (local) await expect.poll(() => filesIn(selfieFolder(awa.id)), POLL).toEqual([]);

      await verify.reload();
      await verify.getByRole('heading', { name: 'Profil vérifié' }).waitFor(POLL);

      // The badge on Awa's card; the filter keeps verified members only.
      await deck.reload();
      await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Awa/);
      await card.getByTestId('verified-badge').waitFor();
      await deck.getByLabel('Profils vérifiés uniquement').check();
      await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Awa/);
      const all = await offeredIds(moussa);
      expect(all).toEqual(expect.arrayContaining([awa.id, binta.id]));
      const onlyVerified = await callApi(
        '/swipe/profiles',
        { limit: 20, verified_only: true },
        moussa.token,
      );
      const list: unknown = onlyVerified.data;
      const ids = Array.isArray(list)
        ? list.map((p: unknown) => (typeof p === 'object' && p && 'id' in p ? Number(p.id) : 0))
        : [];
      expect(ids).toContain(awa.id);
      expect(ids).not.toContain(binta.id);

      // Awa accepts verified profiles only: unverified Moussa is refused, in French.
      const privacy = await signedInPage(awa);
      await privacy.goto('/privacy');
      const only = privacy.getByRole('switch', {
        name: "Seuls les profils vérifiés peuvent m'écrire",
      });
      await only.check();
      const settingsOfAwa = async () => {
        const res = await request('/api/me/settings', {
          headers: { authorization: `Bearer ${awa.token}` },
        });
        const body: unknown = await res.json();
        return typeof body === 'object' && body && 'data' in body ? body.data : null;
      };
      await expect.poll(settingsOfAwa, POLL).toMatchObject({ verified_only_messages: true });
      await deck.getByRole('button', { name: 'Envoyer un message' }).click();
      await deck
        .getByRole('alert')
        .filter({ hasText: "n'accepte les messages que des profils vérifiés" })
        .waitFor(POLL);
    },
  );
});
