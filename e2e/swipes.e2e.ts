/**
 * Swipes and the nearby list end to end. Three members in Dori (far from the towns other specs
 * might use, so nobody else shares their distance band): Issouf (homme), Salimata at the same
 * place, Rasmata about 7 km north. Each member acts in their own browser (a context of their
 * own, with the phone's position granted). Salimata opens /swipes, sees Issouf's card first
 * (nearest) and taps 'J'aime': no match yet, her deck moves on. Issouf opens /swipes, sees
 * Salimata's card first and taps 'J'aime': the match screen opens for him, while Salimata, still
 * on her page, gets the match in her bell ('Vous et Issouf vous êtes plu mutuellement.'), whose
 * tap leads to /chats where their chat is listed. His 'Envoyer un message' opens the same chat;
 * back on /swipes a 'Je passe' on Rasmata moves on to the next card or the empty state, and the
 * server never offers either again. /near then lists Salimata with 'À … km de vous' (map tiles
 * cannot load in tests; the plain list under the map works without them).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { notificationsOf, offeredIds } from './support/swipes.js';
import { quietPage } from './support/quiet-page.js';

const DORI = { latitude: 14.04, longitude: -0.03 };
const DORI_NORTH = { latitude: 14.1, longitude: -0.03 };
/** Screens wait for the phone's position and pace their fetches (2 s apart): poll long enough. */
const POLL = { timeout: 15_000 };

/** The member's page with the phone's position granted at `at`. */
async function pageAt(member: E2EMember, at: typeof DORI): Promise<Page> {
  // The welcome would open under a match screen that comes first (both are modal <dialog>s,
  // the newest on top), where no tap can reach it: these flows are about the deck.
  const page = await quietPage(member);
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(at);
  return page;
}

/** `member`'s /swipes in Dori, in a browser of their own, once its first card is `name`'s. */
async function deckShowingFirst(member: E2EMember, name: string) {
  const page = await pageAt(member, DORI);
  await page.goto('/swipes');
  const card = page.getByTestId('swipe-card');
  await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(new RegExp(`^${name}\\b`));
  await card.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
  return { page, card };
}

/** Notification types `member` received, newest first. */
async function notificationTypes(member: E2EMember): Promise<string[]> {
  return (await notificationsOf(member)).map((n) => n.type);
}

/** The unread count the bell announces ('Notifications, 2 non lues'), 0 when none. */
async function unreadOn(bell: Locator): Promise<number> {
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) non lue/.exec(label)?.[1] ?? 0);
}

describe('swipes and nearby', () => {
  it(
    'two members like each other in their browsers: the liker sees the match screen, the other the match in the bell and the chat in /chats',
    {
      timeout: 90_000,
    },
    async () => {
      const [issouf, salimata, rasmata] = await Promise.all([
        createMemberViaApi('Issouf', 'homme'),
        createMemberViaApi('Salimata'),
        createMemberViaApi('Rasmata'),
      ]);
      await callApi('/location/update', DORI, issouf.token);
      await callApi('/location/update', DORI, salimata.token);
      await callApi('/location/update', DORI_NORTH, rasmata.token);

      // Salimata, in her browser, likes Issouf first: not a match yet, her deck moves on.
      const { page: herPage, card: herCard } = await deckShowingFirst(salimata, 'Issouf');
      await herPage.getByRole('button', { name: "J'aime", exact: true }).click();
      await expect
        .poll(async () => {
          if (await herPage.getByText('Plus de profils disponibles').isVisible()) return 'empty';
          return (await herCard.isVisible()) ? await herCard.getAttribute('aria-label') : null;
        }, POLL)
        .toMatch(/^(empty|(?!Issouf\b).+)$/);
      expect(await herPage.getByRole('dialog', { name: "C'est un match !" }).count()).toBe(0);

      const bell = herPage.getByRole('button', { name: /^Notifications/ });
      const unreadBefore = await unreadOn(bell);

      // Issouf's deck, in his own browser, starts with Salimata, the nearest.
      const { page, card } = await deckShowingFirst(issouf, 'Salimata');

      // His like back is the match: the match screen opens for him...
      await page.getByRole('button', { name: "J'aime", exact: true }).click();
      const match = page.getByRole('dialog', { name: "C'est un match !" });
      await match.waitFor();
      await match.getByText('Vous et Salimata vous êtes plu mutuellement.').waitFor();

      // ...and Salimata, still on her page, gets it live in her bell; it leads to their chat.
      await expect.poll(() => unreadOn(bell), POLL).toBeGreaterThan(unreadBefore);
      await bell.click();
      const herMatch = herPage
        .getByTestId('notification-item')
        .filter({ hasText: 'Vous et Issouf vous êtes plu mutuellement. Écrivez-lui !' });
      await herMatch.waitFor();
      await herMatch.getByRole('button').first().click();
      await herPage.waitForURL(/\/chats$/);
      const herChat = herPage.getByTestId('chat-row').filter({ hasText: 'Issouf' });
      await herChat.waitFor();

      // His 'Envoyer un message' opens that same chat.
      await match.getByRole('button', { name: 'Envoyer un message' }).click();
      await page.waitForURL(/\/chat\/\d+$/);
      const chatId = Number(/\/chat\/(\d+)$/.exec(page.url())?.[1]);
      expect(chatId).toBeGreaterThan(0);
      await page.getByRole('heading', { level: 1, name: 'Salimata' }).waitFor();
      expect(await herChat.getByRole('link').getAttribute('href')).toBe(`/chat/${chatId}`);
      expect(await notificationTypes(issouf)).toContain('match');

      // Back on the deck: Salimata is gone (already swiped), Rasmata comes next.
      await page.goto('/swipes');
      await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Rasmata\b/);
      await page.getByRole('button', { name: 'Je passe', exact: true }).click();
      // The next card (a member of another spec, if any) or, once the deck has looked again, the
      // empty state; never Rasmata again.
      await expect
        .poll(async () => {
          if (await page.getByText('Plus de profils disponibles').isVisible()) return 'empty';
          if (await card.isVisible()) return `card ${await card.getAttribute('aria-label')}`;
          return 'loading';
        }, POLL)
        .toMatch(/^(empty|card (?!Rasmata\b).+)$/);
      await expect.poll(() => offeredIds(issouf), POLL).not.toContain(rasmata.id);
      const offered = await offeredIds(issouf);
      expect(offered).not.toContain(salimata.id);

      // /near: Salimata in the plain list with her distance, not an exact position.
      await page.goto('/near');
      const list = page.getByRole('region', { name: 'Personnes à proximité' });
      await list.waitFor();
      const row = list.getByRole('button').filter({ hasText: 'Salimata' });
      await row.waitFor();
      await expect
        .poll(() => row.textContent(), POLL)
        .toMatch(/Salimata, \d+ ans\s*À \d+ km de vous/);
      await list.getByRole('button').filter({ hasText: 'Rasmata' }).waitFor();
    },
  );
});
