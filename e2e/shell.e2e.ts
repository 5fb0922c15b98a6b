/**
 * The web shell around every screen: the route error boundary (a lazy chunk that cannot be
 * downloaded shows the error panel, not a blank page), the bottom navigation, the bell's badge
 * the route guard's three French texts, and the frame's icons drawn as SVG, never as emoji.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, waitForMail, type PageOptions } from './support/harness.js';
import {
  callApi,
  createMemberViaApi,
  dismissRewardModals,
  type E2EMember,
} from './support/members.js';
import { RESULTS_DIR } from './support/paths.js';

const PANEL_TITLE = "Oups ! Une erreur s'est produite";
const ACCOUNT_MENU_CHUNK = '**/assets/AccountMenuPage-*.js';

/** A signed-in page; the service worker is blocked so page.route sees every chunk request. */
async function signedIn(token: string, opts: PageOptions = { serviceWorkers: 'block' }) {
  const page = await newPage(opts);
  await page.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(token)});` });
  await dismissRewardModals(page);
  return page;
}

/** Records the text of every node the page ever shows, however briefly. */
async function recordTexts(page: Page) {
  await page.addInitScript({
    content: `
      window.__seen = [];
      new MutationObserver((records) => {
        for (const r of records) {
          // React reuses the guard's paragraph and only changes its text between two states.
          if (r.type === 'characterData') window.__seen.push(r.target.textContent || '');
          for (const n of r.addedNodes) window.__seen.push(n.textContent || '');
        }
      }).observe(document, { childList: true, characterData: true, subtree: true });`,
  });
  return async () => ((await page.evaluate('window.__seen')) as string[]).join('\n');
}

describe('route error boundary', () => {
  it('shows the error panel when a screen cannot be downloaded, and Réessayer reloads it', async () => {
    const member = await createMemberViaApi('Assita');
    const page = await signedIn(member.token);
    await page.route(ACCOUNT_MENU_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/profile');
    await page.getByRole('heading', { name: PANEL_TITLE }).waitFor();
    await page.getByRole('button', { name: 'Retour' }).waitFor();

    await page.unroute(ACCOUNT_MENU_CHUNK);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await reloaded;
    await page.getByText('Mes pièces').first().waitFor();
    expect(await page.getByRole('heading', { name: PANEL_TITLE }).count()).toBe(0);
  });

  it('replaces a blank screen on in-app navigation, and Retour goes back to a working screen', async () => {
    const member = await createMemberViaApi('Boukary', 'homme');
    const page = await signedIn(member.token);
    await page.route(ACCOUNT_MENU_CHUNK, (route) => route.abort('failed'));
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    await page.getByRole('link', { name: 'Mon profil' }).click();
    await page.getByRole('heading', { name: PANEL_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.getByRole('heading', { name: PANEL_TITLE }).count()).toBe(0);
  });
});

describe('bottom navigation', () => {
  it('marks the Chats tab active on the chat list, one tab at a time', async () => {
    const member = await createMemberViaApi('Clarisse');
    const page = await signedIn(member.token, {});
    await page.goto('/chats');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const chats = nav.getByRole('link', { name: 'Chats' });
    await expect.poll(() => chats.getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1);

    await nav.getByRole('link', { name: 'Histoires' }).click();
    await page.waitForURL('**/histoires');
    await expect.poll(() => chats.getAttribute('aria-current')).toBeNull();
    expect(await nav.getByRole('link', { name: 'Histoires' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('leaves the conversation screen (/chat/:id) full-screen, under its own header', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Daouda', 'homme'),
      createMemberViaApi('Edwige'),
    ]);
    const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token);
    const page = await signedIn(a.token, {});
    await page.goto(`/chat/${Number(chat.data?.chat_id)}`);
    await page.getByText('Edwige').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
  });
});

describe('interface icons', () => {
  it('draws the tabs, the balance, the profile and the bell as SVG icons, with no emoji', async () => {
    const [member, author] = await Promise.all([
      createMemberViaApi('Habibou', 'homme'),
      createMemberViaApi('Salimata'),
    ]);
    // A card on the feed, so the screenshot shows its icons too (the first one is free).
    const description =
      "Bonjour, j'aime la musique, la cuisine du pays et les balades du dimanche.";
    await callApi('/announcements', { description }, author.token);
    const page = await signedIn(member.token, {});
    await page.goto('/home');
    await page.getByRole('article').filter({ hasText: 'balades du dimanche' }).first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const coins = page.getByRole('link', { name: 'Mes pièces' });
    await expect.poll(async () => /\d+/.test((await coins.textContent()) ?? '')).toBe(true);

    for (const tab of ['Accueil', 'Swipes', 'Chats', 'Histoires', 'À proximité'])
      expect(await nav.getByRole('link', { name: tab }).locator('svg').count(), tab).toBe(1);
    expect(await coins.locator('svg').count()).toBe(1);
    // The member's own photo, or the person icon while there is none.
    const profile = page.getByRole('link', { name: /^Mon profil/ });
    expect(await profile.locator('img, svg').count()).toBe(1);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await bell.locator('svg').count()).toBe(1);
    const frame = `${await page.locator('.top-bar').textContent()}${await nav.textContent()}`;
    expect(frame).not.toMatch(/\p{Extended_Pictographic}/u);

    await page.screenshot({ path: path.join(RESULTS_DIR, 'icons-home.png') });
  });
});

describe('bell badge', () => {
  it('shows the unread count, then 9+ above 9', async () => {
    const liked = await createMemberViaApi('Fatou');
    const likers: E2EMember[] = [];
    for (let i = 0; i < 10; i += 1) likers.push(await createMemberViaApi(`Fan${i}`, 'homme'));
    const like = (m: E2EMember) =>
      callApi('/swipe', { target_user_id: liked.id, action: 'like' }, m.token);
    for (const m of likers.slice(0, 9)) await like(m);

    const page = await signedIn(liked.token, {});
    await page.goto('/home');
    const badge = page.getByTestId('bell-badge');
    await expect.poll(async () => (await badge.textContent())?.trim()).toBe('9');

    // The tenth like arrives live.
    const tenth = likers[9];
    if (!tenth) throw new Error('no tenth member');
    await like(tenth);
    await expect
      .poll(async () => (await badge.textContent())?.trim(), { timeout: 10_000 })
      .toBe('9+');
  });
});

describe('route guard', () => {
  it('shows Vérification en cours... then Accès en cours de vérification... before redirecting', async () => {
    // A member who signed up but has not entered the e-mail code yet.
    const email = `guard.${Date.now()}@exemple.bf`;
    const reg = await callApi('/register', {
      email,
      password: 'Baobab-Fleuri-77',
      device_hash: `e2e-${email}`,
    });
    await waitForMail(email);
    const page = await signedIn(String(reg.data?.token), {});
    const seen = await recordTexts(page);
    await page.goto('/home');
    await page.waitForURL('**/verify-otp');
    const texts = await seen();
    expect(texts).toContain('Vérification en cours...');
    expect(texts).toContain('Accès en cours de vérification...');
  });

  it("shows Erreur d'authentification and Redirection en cours... when the check fails, then /login", async () => {
    const member = await createMemberViaApi('Gisèle');
    const page = await signedIn(member.token, {});
    // The server fails the check itself. (A front saying the server is away, 502-504, is an
    // outage instead: the member keeps the kept screens until it answers, offline-reading.)
    await page.route('**/api/verify-auth-status', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Erreur interne' }),
      }),
    );
    await page.goto('/home');
    await page.getByText("Erreur d'authentification").waitFor();
    await page.getByText('Redirection en cours...').waitFor();
    await page.waitForURL('**/login');
  });
});
