/**
 * More of the announcements in a real browser: 'Solde Insuffisant' on /add-announcement for a
 * member whose free first announcement is used and whose balance is short (nothing published,
 * nothing debited, no publication call made); the /home feed loaded page by page to its end
 * text; and 'Voir plus' / 'Voir moins' on a description longer than the 120 shown.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  FEED_DESCRIPTION_CUT,
  FEED_PER_PAGE,
  FEED_PER_PAGE_MAX,
  type TAnnouncementCost,
} from '@app/shared';
import { request } from './support/harness.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';

/** Letters only, so the marker can never look like a phone number to the description rules. */
function uniqueWord(): string {
  const digitsAsLetters = (n: number) =>
    String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  return `${digitsAsLetters(Date.now())}${digitsAsLetters(Math.floor(Math.random() * 1e6))}`;
}

const describeOf = (marker: string) =>
  `Bonjour, j'aime la musique, la cuisine du pays et les balades du dimanche ${marker}.`;

async function costOf(member: E2EMember): Promise<TAnnouncementCost> {
  const res = await callApi('/announcements/cost', {}, member.token);
  return {
    cost: Number(res.data?.cost),
    is_first_announcement: res.data?.is_first_announcement === true,
    user_balance: Number(res.data?.user_balance),
  };
}

async function myAnnouncementCount(member: E2EMember): Promise<number> {
  const res = await callApi('/my-announcements', {}, member.token);
  return Array.isArray(res.data) ? res.data.length : NaN;
}

/**
 * Publishes through the API until the next publication is not free and costs more than the
 * balance: the free first one, then paid ones. Opening the app first, so its daily bonus is
 * already counted. Answers the markers published, oldest first.
 */
async function spendOnAnnouncements(member: E2EMember): Promise<string[]> {
  await callApi('/verify-auth-status', {}, member.token);
  const markers: string[] = [];
  for (let cost = await costOf(member); ; cost = await costOf(member)) {
    const short = !cost.is_first_announcement && cost.cost > cost.user_balance;
    if (short) return markers;
    if (markers.length >= 5) throw new Error(`still not short: ${JSON.stringify(cost)}`);
    const marker = uniqueWord();
    await callApi('/announcements', { description: describeOf(marker) }, member.token);
    markers.push(marker);
  }
}

/** How many announcements the feed holds for this member, page after page through the API. */
async function feedTotal(member: E2EMember): Promise<number> {
  let total = 0;
  for (let page = 1; ; page += 1) {
    const res = await request(`/api/announcements?page=${page}&per_page=${FEED_PER_PAGE_MAX}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const body = (await res.json()) as { data: unknown[]; pagination: { has_more: boolean } };
    total += body.data.length;
    if (!body.pagination.has_more) return total;
  }
}

const feedCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('announcements, more', () => {
  it('opens Solde Insuffisant when the balance is short, publishing and debiting nothing', async () => {
    const fatim = await createMemberViaApi('Fatim');
    const published = await spendOnAnnouncements(fatim);
    expect(published.length).toBeGreaterThan(1);
    const cost = await costOf(fatim);

    const page = await signedInPage(fatim);
    const publishCalls: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/announcements') {
        publishCalls.push(req.url());
      }
    });
    await page.goto('/add-announcement');
    await page.getByLabel('Description *').fill(describeOf(uniqueWord()));
    const publish = page.getByRole('button', { name: /^Publier mon annonce/ });
    await expect.poll(() => publish.textContent()).toContain(String(cost.cost));
    await publish.click();

    const modal = page.getByRole('dialog', { name: 'Solde Insuffisant' });
    await modal.getByText('Pièces insuffisantes pour créer une annonce').waitFor();
    await modal.getByText(`Coût de l'annonce : ${cost.cost} pièces`).waitFor();
    await modal.getByText(`Votre solde : ${cost.user_balance} pièces`).waitFor();
    await modal.getByRole('button', { name: 'Fermer' }).click();
    await modal.waitFor({ state: 'detached' });

    expect(publishCalls).toEqual([]);
    expect(await myAnnouncementCount(fatim)).toBe(published.length);
    expect((await costOf(fatim)).user_balance).toBe(cost.user_balance);

    // Its button leads to the coin shop.
    await publish.click();
    await modal.getByRole('button', { name: 'Acheter des pièces' }).click();
    await page.waitForURL('**/buy-coins');
    expect(publishCalls).toEqual([]);
  });

  it('loads the feed to its end and toggles a long description', async () => {
    const [salif, mariam, reader] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Mariam'),
      createMemberViaApi('Ousmane', 'homme'),
    ]);
    // More than a page of announcements of our own (the free one and two paid each, within
    // the signup gift), the newest one long.
    const markers = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const longMarker = uniqueWord();
    const long =
      `Mariam ${longMarker} cherche des amis sérieux pour partager des sorties au cinéma, ` +
      'des randonnées autour du barrage, des soirées de contes et de longues discussions ' +
      'sur la vie, les voyages et la musique mandingue.';
    expect(long.length).toBeGreaterThan(FEED_DESCRIPTION_CUT);
    expect(markers.length + 1).toBeGreaterThan(FEED_PER_PAGE);
    const publish = (member: E2EMember, description: string) =>
      callApi('/announcements', { description }, member.token);
    for (const marker of markers.slice(0, 3)) await publish(salif, describeOf(marker));
    for (const marker of markers.slice(3)) await publish(mariam, describeOf(marker));
    await publish(mariam, long);
    const total = await feedTotal(reader);

    const page = await quietPage(reader);
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Découvrez les annonces' }).waitFor();

    // The newest card shows the description cut, then whole, then cut again.
    const card = feedCard(page, longMarker);
    const text = card.locator('.ann-text');
    await expect.poll(() => text.textContent()).toMatch(/…$/);
    expect((await text.textContent())?.length).toBeLessThanOrEqual(FEED_DESCRIPTION_CUT + 1);
    await card.getByRole('button', { name: 'Voir plus' }).click();
    await expect.poll(() => text.textContent()).toBe(long);
    await card.getByRole('button', { name: 'Voir moins' }).click();
    await expect.poll(() => text.textContent()).toMatch(/…$/);
    await card.getByRole('button', { name: 'Voir plus' }).waitFor();

    // Scrolled down, page after page, to the end text, with every announcement shown.
    const end = page.getByText('Toutes les annonces ont été chargées');
    await expect
      .poll(
        async () => {
          await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
          return end.isVisible();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    expect(await page.getByRole('article').count()).toBe(total);
    for (const marker of [...markers, longMarker]) {
      expect(await feedCard(page, marker).count()).toBe(1);
    }
  }, 90_000);
});
