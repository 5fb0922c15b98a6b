/**
 * The swipe deck's gestures and states end to end, in Diapaga (far from the towns other specs
 * use, so this file's members come first in the deck). Moussa looks at Awa, Binta and Céline:
 * a short drag springs back and swipes nothing; a drag right past the threshold likes (the
 * buttons stay disabled while the like is under way; the liked member gets the like in her
 * notifications); a drag left dislikes, the next card shows, and after a reload the disliked
 * profile never comes back. A member who has swiped everyone sees the end-of-list state.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';
import { notificationsOf, offeredIds } from './support/swipes.js';

const DIAPAGA = { latitude: 12.07, longitude: 1.79 };
const ARLI = { latitude: 11.58, longitude: 1.45 };
/** Screens wait for the phone's position and pace their fetches (2 s apart): poll long enough. */
const POLL = { timeout: 15_000 };
const SWIPE_PATH = '/api/swipe';

/** `member`'s /swipes with the phone at `at`; no service worker, so page.route sees the calls. */
async function swipesAt(member: E2EMember, at: typeof DIAPAGA): Promise<Page> {
  await callApi('/location/update', at, member.token);
  const page = await quietPage(member, { serviceWorkers: 'block' });
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(at);
  await page.goto('/swipes');
  return page;
}

/** The first name on the card ('Awa, 29' → 'Awa'), or null while no card shows. */
async function cardName(card: Locator): Promise<string | null> {
  if (!(await card.isVisible())) return null;
  return (await card.getAttribute('aria-label'))?.split(',')[0] ?? null;
}

/** 'like 12' for the body of a POST /api/swipe. */
function swipeOf(body: string | null): string {
  const json: unknown = JSON.parse(body ?? '{}');
  if (typeof json !== 'object' || json === null) return '';
  const action = 'action' in json ? String(json.action) : '?';
  return `${action} ${'target_user_id' in json ? String(json.target_user_id) : '?'}`;
}

/** A first name of this file's women other than those of `swiped`. */
const oneOfThemBut = (...swiped: E2EMember[]) =>
  new RegExp(`^(?!(${swiped.map((m) => m.name).join('|')})$)(Awa|Binta|Celine)$`);

/** Presses on the card's middle, moves `dx` px sideways in steps, and lets go. */
async function drag(page: Page, card: Locator, dx: number, beforeRelease?: () => Promise<void>) {
  const box = await card.boundingBox();
  if (!box) throw new Error('swipe card has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await beforeRelease?.();
  await page.mouse.up();
}

/** The likers' ids of `member`'s 'profile_like' notifications. */
async function likersOf(member: E2EMember): Promise<number[]> {
  return (await notificationsOf(member))
    .filter((n) => n.type === 'profile_like')
    .map((n) => Number(n.data.liker_id));
}

describe('the swipe deck', () => {
  it(
    'a short drag springs back, a long drag right likes, a long drag left dislikes for good',
    {
      timeout: 90_000,
    },
    async () => {
      const [moussa, ...women] = await Promise.all([
        createMemberViaApi('Moussa', 'homme'),
        createMemberViaApi('Awa'),
        createMemberViaApi('Binta'),
        createMemberViaApi('Celine'),
      ]);
      for (const w of women) await callApi('/location/update', DIAPAGA, w.token);
      const byName = new Map(women.map((w) => [w.name, w]));
      const memberNamed = (name: string | null) => {
        const m = name === null ? undefined : byName.get(name);
        if (!m) throw new Error(`no member of this file named ${name}`);
        return m;
      };

      const page = await swipesAt(moussa, DIAPAGA);
      const swipeCalls: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === SWIPE_PATH) swipeCalls.push(swipeOf(req.postData()));
      });
      const card = page.getByTestId('swipe-card');
      await expect.poll(() => cardName(card), POLL).toMatch(/^(Awa|Binta|Celine)$/);
      const first = memberNamed(await cardName(card));

      // A short drag (40 px, under the threshold) moves the card, then springs back.
      await drag(page, card, 40, async () => {
        await expect.poll(() => card.getAttribute('class')).toContain('dragging');
      });
      await expect.poll(() => card.getAttribute('class')).toBe('swipe-card');
      expect((await card.getAttribute('style')) ?? '').not.toContain('translate');
      expect(await cardName(card)).toBe(first.name);

      // A long drag right likes; the answer is held back to see the buttons disabled meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let reached = false;
      let forwarded: Promise<void> = Promise.resolve();
      await page.route(`**${SWIPE_PATH}`, (route) => {
        reached = true;
        forwarded = held.then(() => route.continue());
      });
      await drag(page, card, 200);
      const buttons = ['Je passe', 'Envoyer un message', "J'aime"].map((name) =>
        page.getByRole('button', { name, exact: true }),
      );
      await expect.poll(() => reached, POLL).toBe(true);
      for (const b of buttons) expect(await b.isDisabled()).toBe(true);
      expect(await cardName(card)).toBe(first.name);
      release();
      await forwarded;
      await page.unroute(`**${SWIPE_PATH}`);

      await expect.poll(() => cardName(card), POLL).toMatch(oneOfThemBut(first));
      const second = memberNamed(await cardName(card));
      expect(second.id).not.toBe(first.id);
      for (const b of buttons) await expect.poll(() => b.isEnabled()).toBe(true);
      // Only the long drag called the server, and it was a like of the first card.
      expect(swipeCalls).toEqual([`like ${first.id}`]);
      await expect.poll(() => likersOf(first), POLL).toContain(moussa.id);

      // A long drag left dislikes: the next card shows at once.
      await drag(page, card, -200);
      await expect.poll(() => cardName(card), POLL).toMatch(oneOfThemBut(first, second));
      const third = memberNamed(await cardName(card));
      expect([first.id, second.id]).not.toContain(third.id);
      await expect.poll(() => swipeCalls.length, POLL).toBe(2);
      expect(swipeCalls[1]).toBe(`dislike ${second.id}`);
      expect(await likersOf(second)).not.toContain(moussa.id);

      // The dislike goes out without holding the deck: let the server record it before the
      // reload, which could otherwise cancel it.
      await expect.poll(async () => offeredIds(moussa), POLL).not.toContain(second.id);

      // After a reload the deck starts with the one not swiped; neither swiped one comes back.
      await page.reload();
      await expect.poll(() => cardName(card), POLL).toBe(third.name);
      const offered = await offeredIds(moussa);
      expect(offered).toContain(third.id);
      expect(offered).not.toContain(second.id);
      expect(offered).not.toContain(first.id);
    },
  );

  it(
    'shows the end-of-list state once every profile has been swiped',
    {
      timeout: 90_000,
    },
    async () => {
      const issa = await createMemberViaApi('Issa', 'homme');
      // Everyone the server offers is passed over, page by page, until nobody is left.
      for (let ids = await offeredIds(issa); ids.length > 0; ids = await offeredIds(issa)) {
        for (const id of ids) {
          await callApi('/swipe', { target_user_id: id, action: 'dislike' }, issa.token);
        }
      }
      const page = await swipesAt(issa, ARLI);
      const state = page.getByRole('status').filter({ hasText: 'Plus de profils disponibles' });
      await state.waitFor(POLL);
      await state.getByText('Plus de profils pour le moment').waitFor();
      expect(await page.getByTestId('swipe-card').count()).toBe(0);
      expect(await page.getByRole('button', { name: "J'aime", exact: true }).isDisabled()).toBe(
        true,
      );
    },
  );
});
