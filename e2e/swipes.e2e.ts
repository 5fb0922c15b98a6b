/**
 * Swipes and the nearby list end to end. Three members in Dori (far from the towns other specs
 * might use, so nobody else shares their distance band): Issouf (homme), Salimata at the same
 * place, Rasmata about 7 km north. Salimata likes Issouf through the API; Issouf opens /swipes
 * with the phone's position granted, sees Salimata's card first (nearest), taps 'J’aime', sees
 * the match screen and its 'Envoyer un message' opens their chat; back on /swipes a 'Je passe'
 * on Rasmata moves on to the next card or the empty state, and the server never offers either
 * again. /near then lists Salimata with 'À … km de vous' (map tiles cannot load in tests; the
 * plain list under the map works without them).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';

const DORI = { latitude: 14.04, longitude: -0.03 };
const DORI_NORTH = { latitude: 14.1, longitude: -0.03 };
/** Screens wait for the phone's position and pace their fetches (2 s apart): poll long enough. */
const POLL = { timeout: 15_000 };

/**
 * The member's page with the phone's position granted at `at`. A new member is welcomed with
 * the signup gift (and may get the daily-reward modal) a moment after a screen loads; whenever
 * one of them covers what the flow taps, it is dismissed as the member would.
 */
async function pageAt(member: E2EMember, at: typeof DORI): Promise<Page> {
  const page = await signedInPage(member);
  for (const name of ["Commencer l'aventure", 'Super !']) {
    await page.addLocatorHandler(page.getByRole('button', { name, exact: true }), (button) =>
      button.click(),
    );
  }
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(at);
  return page;
}

/** Ids of the profiles /swipe/profiles offers `member` now. */
async function offeredIds(member: E2EMember): Promise<number[]> {
  const res = await callApi('/swipe/profiles', { limit: 20 }, member.token);
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/swipe/profiles: data is not a list');
  return list.map((p: unknown) =>
    typeof p === 'object' && p !== null && 'id' in p ? Number(p.id) : Number.NaN,
  );
}

/** Notification types `member` received, newest first. */
async function notificationTypes(member: E2EMember): Promise<string[]> {
  const res = await callApi('/notifications', { page: 1, per_page: 50 }, member.token);
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/notifications: data is not a list');
  return list.map((n: unknown) =>
    typeof n === 'object' && n !== null && 'type' in n ? String(n.type) : '',
  );
}

describe('swipes and nearby', () => {
  it(
    'a like back is a match that opens the chat; a dislike moves on; /near lists the member',
    {
      timeout: 60_000,
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
      const liked = await callApi(
        '/swipe',
        { target_user_id: issouf.id, action: 'like' },
        salimata.token,
      );
      expect(liked.data).toMatchObject({ action: 'like', is_match: false });

      // Issouf's deck starts with Salimata, the nearest.
      const page = await pageAt(issouf, DORI);
      await page.goto('/swipes');
      const card = page.getByTestId('swipe-card');
      await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Salimata\b/);
      await card.getByRole('heading', { name: /^Salimata/ }).waitFor();

      // A like back: the heart, then the match screen, whose message button opens the chat.
      await page.getByRole('button', { name: 'J’aime', exact: true }).click();
      const match = page.getByRole('dialog', { name: 'C’est un match !' });
      await match.waitFor();
      await match.getByText('Vous et Salimata vous êtes plu mutuellement.').waitFor();
      await match.getByRole('button', { name: 'Envoyer un message' }).click();
      await page.waitForURL(/\/chat\/\d+$/);
      const chatId = Number(/\/chat\/(\d+)$/.exec(page.url())?.[1]);
      expect(chatId).toBeGreaterThan(0);
      await page.getByRole('heading', { level: 1, name: 'Salimata' }).waitFor();
      // Both members were told about the match, and the chat is theirs.
      await expect.poll(() => notificationTypes(salimata), POLL).toContain('match');
      await expect.poll(() => notificationTypes(issouf), POLL).toContain('match');
      const chats = await callApi('/chats/create', { other_user_id: issouf.id }, salimata.token);
      expect(Number(chats.data?.chat_id)).toBe(chatId);

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
