/**
 * Demo members have faces (issue 18): the seed's illustrated portraits (DiceBear Open Peeps,
 * drawn offline) go through the same photo pipeline as a member's upload and show on the swipe
 * cards at 360x740. Saves test-results/portraits-swipes.png as the artefact of the change.
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPortrait } from '../packages/server/src/db/seed/portrait.js';
import { createMemberViaApi, signedInPage } from './support/members.js';
import { RESULTS_DIR } from './support/paths.js';

const asJpeg = async (seed: number, gender: 'homme' | 'femme', age: number) =>
  sharp(await renderPortrait({ seed, gender, age }))
    .jpeg({ quality: 85 })
    .toBuffer();

describe('demo portraits', () => {
  it('shows an illustrated portrait on each swipe card', { timeout: 120_000 }, async () => {
    await createMemberViaApi('Awa', 'femme', await asJpeg(11, 'femme', 24));
    await createMemberViaApi('Mariam', 'femme', await asJpeg(23, 'femme', 31));
    const viewer = await createMemberViaApi('Ousmane', 'homme', await asJpeg(37, 'homme', 29));
    const page = await signedInPage(viewer);
    await page.goto('/swipes');
    // Members without a photo (the console's admin) may come first: pass them.
    const photo = page.getByTestId('swipe-card').locator('img.swipe-photo');
    for (let i = 0; i < 5 && !(await photo.isVisible()); i++) {
      await page.getByTestId('swipe-card').waitFor();
      if (await photo.isVisible()) break;
      await page.getByRole('button', { name: 'Je passe' }).click();
      await page.waitForTimeout(800); // the card's exit animation
    }
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.getAttribute('src')).toMatch(/\.webp/);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'portraits-swipes.png') });
  });
});
