/**
 * The account area in a real browser: a member changes their photo (through the crop dialog)
 * and name and sees them on their account menu and on their announcement card in another
 * member's feed; then publishes an anonymous story and likes it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TStory } from '@app/shared';
import { request } from './support/harness.js';
import { RESULTS_DIR } from './support/paths.js';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

const greenPortrait = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#1f9d55' } })
    .jpeg({ quality: 85 })
    .toBuffer();

/** The generated part of a photo address: the same photo under every variant. */
const photoIdOf = (src: string | null) =>
  /\/([0-9a-f]{32})-(?:thumb|card|full)\.webp/.exec(src ?? '')?.[1];

describe('account', () => {
  it(
    'edits the photo and the name, seen on the account menu and on a feed card',
    { timeout: 90_000 },
    async () => {
      const [awa, bintou] = await Promise.all([
        createMemberViaApi('Awa'),
        createMemberViaApi('Bintou'),
      ]);
      const page = await signedInPage(awa);
      await page.goto('/profile');
      await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Awa');
      const before = photoIdOf(await page.getByTestId('account-photo').getAttribute('src'));
      expect(before).toBeTruthy();

      await page.getByRole('link', { name: 'Modifier mon profil' }).click();
      await page.waitForURL('**/edit-profile');
      await page.locator('label.edit-photo-btn input[type="file"]').setInputFiles({
        name: 'nouvelle.jpg',
        mimeType: 'image/jpeg',
        buffer: await greenPortrait(),
      });
      await page.getByRole('dialog', { name: 'Recadrez votre photo' }).waitFor();
      await page.getByRole('button', { name: 'Appliquer' }).click();
      await page.getByText('Photo mise à jour !').waitFor();
      await page.getByLabel('Nom').fill('Awa Sankara');
      await page.getByRole('button', { name: 'Sauvegarder les changements' }).click();

      await page.waitForURL('**/profile');
      await page.getByText('Profil mis à jour avec succès !').waitFor();
      await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Awa Sankara');
      const after = photoIdOf(await page.getByTestId('account-photo').getAttribute('src'));
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);

      // Her announcement, in another member's feed, carries the new name and photo.
      await callApi(
        '/announcements',
        {
          description:
            'Je cherche des amis pour découvrir les concerts et les maquis de Ouagadougou le week-end.',
        },
        awa.token,
      );
      const feed = await signedInPage(bintou);
      await feed.goto('/home');
      const card = feed.locator('article.ann-card', { hasText: 'Awa Sankara' }).first();
      await card.waitFor();
      expect(photoIdOf(await card.locator('img').first().getAttribute('src'))).toBe(after);
    },
  );

  it('publishes an anonymous story and likes it', { timeout: 60_000 }, async () => {
    const salif = await createMemberViaApi('Salif', 'homme');
    const page = await signedInPage(salif, { keepRewardModals: true });
    // Letters only: a run of digits would read as a phone number and hold the story.
    const tag = Date.now()
      .toString()
      .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
    const story = `Nous nous sommes rencontrés au marché de Rood Woko, un jour de pluie (${tag}).`;
    await page.goto('/histoires/publier');
    await page.getByPlaceholder('Racontez votre expérience...').fill(story);
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByText('Histoire publiée !').waitFor();
    await page.waitForURL(/\/histoires$/);
    // A new member is welcomed once: the signup gift and today's bonus in one modal (issue 18),
    // and no daily-reward modal follows it.
    const welcome = page.getByRole('button', { name: "Commencer l'aventure" });
    await welcome.waitFor();
    await page.getByTestId('welcome-daily').waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'welcome-combined.png') });
    await welcome.click();
    await page.waitForTimeout(2_500); // past the daily-reward modal's 2 s delay
    expect(await page.getByRole('button', { name: 'Super !' }).count()).toBe(0);

    const card = page.getByTestId('story-card').filter({ hasText: story });
    await card.waitFor();
    expect(await card.textContent()).toContain('Anonyme');
    expect(await card.textContent()).not.toContain('Salif');
    await card.getByRole('button', { name: "J'aime" }).click();
    await expect.poll(() => card.getByTestId('story-likes').textContent()).toBe("1 J'aime");
    await expect
      .poll(() => card.getByRole('button', { name: 'Vous aimez cette histoire' }).isDisabled())
      .toBe(true);

    // The like and the view are the server's, tied to the member.
    await expect
      .poll(
        async () => {
          const res = await request('/api/histoires?page=1', {
            headers: { authorization: `Bearer ${salif.token}` },
          });
          const body = (await res.json()) as { data: { data: TStory[] } };
          const mine = body.data.data.find((s) => s.content === story);
          return mine && { likes: mine.likes, liked: mine.liked, views: mine.views };
        },
        { timeout: 10_000 },
      )
      .toEqual({ likes: 1, liked: true, views: 1 });
  });
});
