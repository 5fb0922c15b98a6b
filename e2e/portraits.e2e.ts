/**
 * Demo members have faces (issue 18): the seed's illustrated portraits (DiceBear Open Peeps,
 * drawn offline) go through the same photo pipeline as a member's upload and show on the swipe
 * cards at 360x740; on mobile data, as their lighter card (issue 19). Saves
 * test-results/portraits-swipes.png as the artefact of the change.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderPortrait } from '../packages/server/src/db/seed/portrait.js';
import { createMemberViaApi, signedInPage } from './support/members.js';
import { RESULTS_DIR } from './support/paths.js';

const asJpeg = async (seed: number, gender: 'homme' | 'femme', age: number) =>
  sharp(await renderPortrait({ seed, gender, age }))
    .jpeg({ quality: 85 })
    .toBuffer();

/** The first swipe card with a photo (members without one, the console's admin, are passed). */
async function firstCardPhoto(page: Page) {
  await page.goto('/swipes');
  const photo = page.getByTestId('swipe-card').locator('img.swipe-photo');
  for (let i = 0; i < 5 && !(await photo.isVisible()); i++) {
    await page.getByTestId('swipe-card').waitFor();
    if (await photo.isVisible()) break;
    await page.getByRole('button', { name: 'Je passe' }).click();
    await page.waitForTimeout(800); // the card's exit animation
  }
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
    await createMemberViaApi('Awa', 'femme', await asJpeg(11, 'femme', 24));
    await createMemberViaApi('Mariam', 'femme', await asJpeg(23, 'femme', 31));
    const viewer = await createMemberViaApi('Ousmane', 'homme', await asJpeg(37, 'homme', 29));
    const photo = await firstCardPhoto(await signedInPage(viewer));
    // The card (480 px wide at most; a smaller upload keeps its own width).
    expect(await photo.getAttribute('src')).toMatch(/-card\.webp$/);
    await photo.page().screenshot({ path: path.join(RESULTS_DIR, 'portraits-swipes.png') });
  });

  it('shows the lighter card, 320 px wide, on mobile data', { timeout: 120_000 }, async () => {
    await createMemberViaApi('Fatimata', 'femme', await asJpeg(41, 'femme', 27));
    const viewer = await createMemberViaApi('Issouf', 'homme', await asJpeg(53, 'homme', 33));
    const page = await signedInPage(viewer);
    await page.addInitScript({ content: ON_MOBILE_DATA });
    const photo = await firstCardPhoto(page);
    // Whoever the deck deals first (other flows' members share it), 320 px wide at most.
    expect(await photo.getAttribute('src')).toMatch(/-lite\.webp$/);
    expect(await naturalWidth(photo)).toBeLessThanOrEqual(320);
  });
});
