/**
 * Demo members have faces (issue 18): the seed's illustrated portraits (DiceBear Open Peeps,
 * drawn offline) go through the same photo pipeline as a member's upload and show on the swipe
 * cards at 360x740; on mobile data, as their lighter card (issue 19). Each flow puts its members
 * and its viewer at a spot of its own, far from every other member of the run, so the deck deals
 * this flow's portraits first and the card's width is the variant's own. Saves
 * test-results/portraits-swipes.png as the artefact of the change.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderPortrait } from '../packages/server/src/db/seed/portrait.js';
import { baseUrl } from './support/harness.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { RESULTS_DIR } from './support/paths.js';

const asJpeg = async (seed: number, gender: 'homme' | 'femme', age: number) =>
  sharp(await renderPortrait({ seed, gender, age }))
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * Spots far from every other flow's members (rounded like the server stores them), a run's
 * random start plus 2° per flow, so two flows of this file never share a town either.
 */
const SPOT_START = { latitude: 15 + Math.random(), longitude: 8 + Math.random() };
const spotOf = (flow: number) => ({
  latitude: Math.round((SPOT_START.latitude + 2 * flow) * 100) / 100,
  longitude: Math.round(SPOT_START.longitude * 100) / 100,
});

type Person = [name: string, seed: number, gender: 'homme' | 'femme', age: number];

/** A member of this flow, with their portrait, placed at `spot`. */
async function memberAt(spot: ReturnType<typeof spotOf>, [name, seed, gender, age]: Person) {
  const member = await createMemberViaApi(name, gender, await asJpeg(seed, gender, age));
  await callApi('/location/update', spot, member.token);
  return member;
}

/** The first swipe card `viewer` sees at `spot`: it must be one of `shown`, with its photo. */
async function firstCardPhoto(page: Page, spot: ReturnType<typeof spotOf>, shown: E2EMember[]) {
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(spot);
  await page.goto('/swipes');
  const card = page.getByTestId('swipe-card');
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))?.split(',')[0];
  expect(shown.map((m) => m.name)).toContain(name);
  const photo = card.locator('img.swipe-photo');
  await photo.waitFor();
  await expect.poll(() => naturalWidth(photo)).toBeGreaterThan(0);
  return photo;
}

const naturalWidth = (photo: Locator) =>
  photo.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);

/** The connection as Chrome on Android reports it on mobile data. */
const ON_MOBILE_DATA = `Object.defineProperty(navigator, 'connection', {
  configurable: true,
  value: Object.assign(new EventTarget(), { type: 'cellular', effectiveType: '4g', saveData: false }),
});`;

describe('demo portraits', () => {
  it('shows an illustrated portrait on each swipe card', { timeout: 120_000 }, async () => {
    const spot = spotOf(0);
    const [awa, mariam, viewer] = await Promise.all([
      memberAt(spot, ['Awa', 11, 'femme', 24]),
      memberAt(spot, ['Mariam', 23, 'femme', 31]),
      memberAt(spot, ['Ousmane', 37, 'homme', 29]),
    ]);
    const page = await signedInPage(viewer);
    const photo = await firstCardPhoto(page, spot, [awa, mariam]);
    // The card variant: 480 px wide (the portraits are larger than that).
    expect(await photo.getAttribute('src')).toMatch(/-card\.webp$/);
    expect(await naturalWidth(photo)).toBe(480);
    await photo.page().screenshot({ path: path.join(RESULTS_DIR, 'portraits-swipes.png') });
  });

  it(
    'shows the lighter card, 320 px wide and as AVIF, on mobile data',
    { timeout: 120_000 },
    async () => {
      const spot = spotOf(1);
      const [fatimata, viewer] = await Promise.all([
        memberAt(spot, ['Fatimata', 41, 'femme', 27]),
        memberAt(spot, ['Issouf', 53, 'homme', 33]),
      ]);
      const page = await signedInPage(viewer);
      await page.addInitScript({ content: ON_MOBILE_DATA });
      const photo = await firstCardPhoto(page, spot, [fatimata]);
      expect(await photo.getAttribute('src')).toMatch(/-lite\.webp$/);
      expect(await naturalWidth(photo)).toBe(320);
      // Chromium shows AVIF: it took the lite card's AVIF twin, the lightest of the two.
      const shown = await photo.evaluate(
        (el) => (el as unknown as { currentSrc: string }).currentSrc,
      );
      expect(shown).toMatch(/-lite\.avif$/);
      const res = await page.request.get(shown);
      expect(res.headers()['content-type']).toBe('image/avif');
    },
  );
});
