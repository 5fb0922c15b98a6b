/**
 * The app with a keyboard and on a wide window (issue 29, edges 8 and 9). A skip link, the
 * first stop of the shell, leads past the endless feed to the navigation; fields show their
 * focus; a chat row's link comes before its photo button; « Reconnexion en cours... » takes
 * its own line and covers no page title. At 1280x800 the screens are a centred column with the
 * navigation at its side, while a phone (360x740) keeps its bottom navigation and full width.
 * Screenshots: edge-8-pill-chats.png, edge-9-desktop-home.png, edge-9-desktop-chats.png,
 * edge-9-phone-home.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openChat } from './support/chats.js';
import { createMemberViaApi } from './support/members.js';
import { RESULTS_DIR } from './support/paths.js';
import { quietPage } from './support/quiet-page.js';
import { cutRealtime } from './support/realtime.js';

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, name) });
};

async function boxOf(locator: Locator) {
  // The shell may swap an element for its laid-out twin as a screen's code arrives: a box read
  // in between is null, so it is read again until there is one (5 s at most).
  const read: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect
    .poll(async () => (read.box = await locator.boundingBox()), { timeout: 5_000 })
    .not.toBeNull();
  if (!read.box) throw new Error('not laid out');
  return read.box;
}

/** The focused element: its id, else its text. */
const focused = (page: Page) =>
  page.evaluate(
    `(() => { const a = document.activeElement; return a ? (a.id || (a.textContent || '').trim()) : ''; })()`,
  );

describe('with a keyboard', () => {
  it(
    'skips the feed to the navigation, shows focus on fields, reaches a chat before its photo, keeps the pill off the title',
    { timeout: 90_000 },
    async () => {
      const [awa, brice] = await Promise.all([
        createMemberViaApi('Awa'),
        createMemberViaApi('Brice', 'homme'),
      ]);
      await openChat(awa, brice, 'Salut Brice', 'Bonsoir Awa');
      const page = await quietPage(awa, { serviceWorkers: 'block' });
      await page.goto('/home');
      await page.getByLabel('Notifications').waitFor();
      // The HTML frame paints the bar before the app runs: the skip link comes with the app.
      await page
        .getByRole('link', { name: 'Aller à la navigation' })
        .waitFor({ state: 'attached' });

      // The first Tab lands on the skip link, shown; Enter moves the focus to the navigation.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Aller à la navigation');
      const skip = await boxOf(page.getByRole('link', { name: 'Aller à la navigation' }));
      expect(skip.y).toBeGreaterThanOrEqual(0);
      expect(skip.height).toBeGreaterThan(10);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('main-nav');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(`!!document.activeElement.closest('#main-nav a[href="/home"]')`),
      ).toBe(true);

      // A field shows its focus.
      await page.goto('/chats');
      const search = page.getByPlaceholder('Rechercher...');
      await search.focus();
      const ring = (await page.evaluate(`(() => {
        const s = getComputedStyle(document.activeElement);
        return { outline: s.outlineStyle, shadow: s.boxShadow };
      })()`)) as { outline: string; shadow: string };
      expect(ring.outline !== 'none' || ring.shadow !== 'none').toBe(true);

      // A chat row: the link to the conversation first, the photo button after it.
      const row = page.locator('.chat-row').filter({ hasText: 'Brice' });
      await row.waitFor();
      const order = await row.evaluate((li) =>
        [...li.querySelectorAll('a[href], button')].map((el) => el.tagName),
      );
      expect(order.slice(0, 2)).toEqual(['A', 'BUTTON']);

      // Reconnecting: the pill is on its own line, over none of the page's title.
      await cutRealtime(page);
      const pill = page.getByTestId('realtime-pill');
      const [pillBox, titleBox] = await Promise.all([
        boxOf(pill),
        boxOf(page.getByRole('heading', { name: 'Discussions', level: 1 })),
      ]);
      const overlap =
        pillBox.y < titleBox.y + titleBox.height &&
        titleBox.y < pillBox.y + pillBox.height &&
        pillBox.x < titleBox.x + titleBox.width &&
        titleBox.x < pillBox.x + pillBox.width;
      expect(overlap).toBe(false);
      await shot(page, 'edge-8-pill-chats.png');
    },
  );
});

describe('on a wide window', () => {
  it('is a centred column with the navigation at its side; a phone is unchanged', async () => {
    const [awa, brice] = await Promise.all([
      createMemberViaApi('Mariam'),
      createMemberViaApi('Issa', 'homme'),
    ]);
    await openChat(awa, brice, 'Salut Issa', 'Bonsoir Mariam');
    const page = await quietPage(awa);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    await page.getByLabel('Notifications').waitFor();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const main = page.locator('main.shell-main');
    // Laid out at the wide size before they are measured (a box is null until then).
    await Promise.all([nav.waitFor(), main.waitFor()]);
    const [navBox, mainBox] = await Promise.all([boxOf(nav), boxOf(main)]);
    // The navigation stands beside the column, on its left, as a vertical list.
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x);
    expect(navBox.height).toBeGreaterThan(navBox.width);
    expect(navBox.y).toBeLessThan(200);
    // A column of phone-like width with room on both sides.
    expect(mainBox.width).toBeLessThanOrEqual(720);
    expect(navBox.x).toBeGreaterThanOrEqual(100);
    expect(1280 - (mainBox.x + mainBox.width)).toBeGreaterThanOrEqual(100);
    await shot(page, 'edge-9-desktop-home.png');
    await page.goto('/chats');
    await page.locator('.chat-row').filter({ hasText: 'Issa' }).waitFor();
    await shot(page, 'edge-9-desktop-chats.png');

    // A phone: full width, the navigation at the bottom.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/home');
    await page.getByLabel('Notifications').waitFor();
    const [phoneNav, phoneMain] = await Promise.all([boxOf(nav), boxOf(main)]);
    expect(phoneMain.width).toBe(360);
    expect(phoneNav.width).toBe(360);
    expect(Math.round(phoneNav.y + phoneNav.height)).toBe(740);
    await shot(page, 'edge-9-phone-home.png');
  }, 90_000);
});
