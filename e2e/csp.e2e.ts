/**
 * Every screen works under the server's Content-Security-Policy: public pages, a member's
 * screens (home, swipes, the map, chats with a photo and a voice message, stories, coins bought
 * with Orange Money, support, account, photo crop), the offline page, Swagger UI and the
 * moderation console. Each page reports violations two ways (Chromium's console line and the
 * `securitypolicyviolation` event); none may appear. Outside hosts (map tiles) are aborted after
 * the CSP has allowed them, so the run stays on 127.0.0.1.
 */
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SWIPE_MSG } from '@app/shared';
import { baseUrl, newPage } from './support/harness.js';
import { signInAdmin } from './support/admin.js';
import { openChat, openConversation, sendPhoto, waitForPhotoShown } from './support/chats.js';
import { createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';
import { until } from './support/until.js';

/** Violations seen on the pages being watched, with the page they happened on. */
type Violations = string[];

const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation event: ' + e.violatedDirective + ' blocked ' + e.blockedURI +
    ' (' + e.sourceFile + ':' + e.lineNumber + ')');
});`;

/** Starts recording the page's CSP violations; the list fills as the flow goes. */
async function watchCsp(page: Page, into: Violations = []): Promise<Violations> {
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|CSP violation/i.test(text)) into.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript({ content: REPORT_VIOLATIONS });
  await page.context().route(
    (url) => url.origin !== baseUrl,
    (route) => route.abort('internetdisconnected'),
  );
  return into;
}

/** Opens `path` and waits for what shows the screen is drawn. */
async function visit(page: Page, path: string, ready: (p: Page) => Locator) {
  const res = await page.goto(path);
  expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await ready(page).first().waitFor();
}

const jpeg = (background: string) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name });

describe('Content-Security-Policy', () => {
  it('reports a violation when a page runs an inline script (the watch works)', async () => {
    const page = await newPage();
    const seen = await watchCsp(page);
    await visit(page, '/login', (p) => p.getByRole('button', { name: 'Se connecter' }));
    const ran = await page.evaluate(`(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.body.append(s);
      return window.inlineRan === true;
    })()`);
    expect(ran).toBe(false);
    await expect.poll(() => seen.length).toBeGreaterThan(0);
  });

  it('public screens: login, sign-up, forgotten password, policies, offline page, API docs', async () => {
    const page = await newPage();
    const seen = await watchCsp(page);
    await visit(page, '/login', (p) => p.getByRole('button', { name: 'Se connecter' }));
    await visit(page, '/signup', (p) => p.getByRole('button', { name: 'Créer mon compte' }));
    await visit(page, '/forgot-password', (p) =>
      p.getByRole('button', { name: 'Envoyer le code' }),
    );
    await visit(page, '/policies', (p) => p.getByText('8 septembre 2025'));
    await visit(page, '/offline.html', heading('Vous êtes hors ligne'));
    // Its script is a file now: « Réessayer » still reloads the page.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Réessayer' }).click(),
    ]);
    await visit(page, '/api/docs/', (p) => p.getByText('Rencontre API'));
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
  });

  it('member screens: home, swipes, map, chats, stories, coins, support, account, photo crop', async () => {
    const [member] = await Promise.all([
      createMemberViaApi('Awa'),
      createMemberViaApi('Ousmane', 'homme'),
    ]);
    // No service worker on this page, so the map's tile requests are the page's own.
    const page = await quietPage(member, { serviceWorkers: 'block' });
    const seen = await watchCsp(page);
    await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
    await page.context().setGeolocation({ latitude: 12.3714, longitude: -1.5197 });

    await visit(page, '/home', (p) => p.getByTestId('top-bar-profile'));
    await until(
      page,
      `[...document.querySelectorAll('[data-testid="top-bar-profile"] img')]
        .every((img) => img.complete && img.naturalWidth > 0)`,
    );
    await visit(page, '/swipes', (p) =>
      p.getByTestId('swipe-card').or(p.getByText(SWIPE_MSG.emptyTitle)),
    );
    await visit(page, '/near', (p) => p.locator('.leaflet-container'));
    // The map asked for its tiles: the CSP let them through (the test aborts them afterwards).
    await page.locator('img.leaflet-tile').first().waitFor({ state: 'attached' });
    await visit(page, '/chats', heading('Discussions'));
    await visit(page, '/histoires', heading('Histoires anonymes'));
    await visit(page, '/histoires/publier', (p) => p.getByLabel('Votre histoire'));
    await visit(page, '/buy-coins', (p) => p.getByText('Populaire'));
    await visit(page, '/buying', (p) => p.getByText('Mes achats'));
    await visit(page, '/support', heading('Support'));
    await visit(page, '/profile', (p) => p.getByRole('navigation', { name: 'Mon compte' }));
    await visit(page, '/my-announcements', (p) => p.getByText('Mes annonces'));
    await visit(page, '/add-announcement', (p) => p.getByLabel('Description *'));
    await visit(page, '/blocked-members', heading('Membres bloqués'));

    // A new photo: the crop dialog previews it from a blob: URL.
    const mainPhoto = (p: Page) => p.locator('label.edit-photo-btn input[type="file"]');
    await visit(page, '/edit-profile', mainPhoto);
    await mainPhoto(page).setInputFiles({
      name: 'moi.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg('#0f766e'),
    });
    await page.getByRole('dialog', { name: 'Recadrez votre photo' }).waitFor();
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Photo mise à jour !').waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
  }, 120_000);

  it('a chat with a photo and a voice message: previewed, sent, received live, shown and played', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Issa', 'homme'),
      createMemberViaApi('Fanta'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Fanta', 'Bonsoir Issa');
    const seen: Violations = [];
    const pageB = await openConversation(b, chatId, 'Bonsoir Issa');
    await watchCsp(pageB, seen);
    await pageB.reload();
    await pageB.getByTestId('message-list').getByText('Bonsoir Issa').waitFor();
    const pageA = await signedInPage(a);
    await watchCsp(pageA, seen);
    await visit(pageA, `/chat/${chatId}`, (p) =>
      p.getByTestId('message-list').getByText('Bonsoir Issa'),
    );

    await sendPhoto(pageA, await jpeg('#b45309'));
    // B receives it through Socket.IO (connect-src) and the signed media link draws (img-src).
    for (const page of [pageB, pageA]) await waitForPhotoShown(page);

    // A voice message from the fake microphone, played by B (media-src).
    await pageA.getByRole('button', { name: 'Message vocal', exact: true }).click();
    await pageA.getByRole('timer', { name: 'Enregistrement' }).getByText('0:02').waitFor();
    await pageA.getByRole('button', { name: 'Envoyer le message vocal' }).click();
    const player = pageB.getByTestId('message-list').getByRole('button', { name: 'Écouter' });
    await player.click();
    await until(
      pageB,
      `[...document.querySelectorAll('[data-testid="message-list"] audio')]
        .some((audio) => audio.readyState >= 1)`,
    );
    expect(seen).toEqual([]);
  }, 90_000);

  it('buying coins with Orange Money, then the order in the history', async () => {
    const member: E2EMember = await createMemberViaApi('Kadi');
    const page = await quietPage(member);
    const seen = await watchCsp(page);
    await visit(page, '/buy-coins', (p) => p.getByText('Populaire'));
    await page.getByTestId('pack-3').click();
    await page.getByRole('button', { name: 'Acheter maintenant' }).click();
    const modal = page.getByTestId('mobile-money-modal');
    await modal.getByLabel('Orange Money').check();
    await modal.getByLabel('Numéro de téléphone').fill('70 12 34 56');
    await modal.getByLabel('Chiffre 1 du code OTP').click();
    await page.keyboard.type('482915');
    await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await page
      .getByTestId('payment-overlay')
      .getByText('Paiement réussi')
      .waitFor({ timeout: 15_000 });
    await visit(page, '/buying', (p) => p.getByTestId('purchase').getByText('Réussi'));
    expect(seen).toEqual([]);
  }, 60_000);

  it('the moderation console, every section', async () => {
    const admin = await signInAdmin();
    const page = await signedInPage(admin);
    const seen = await watchCsp(page);
    const sections: [string, string][] = [
      ['/admin', 'Tableau de bord'],
      ['/admin/histoires', 'Histoires'],
      ['/admin/signalements', 'Signalements'],
      ['/admin/membres', 'Membres'],
      ['/admin/tickets', 'Tickets'],
      ['/admin/annonces', 'Annonces'],
      ['/admin/paiements', 'Paiements'],
      ['/admin/promotions', 'Promotions'],
      ['/admin/journal', 'Journal'],
    ];
    for (const [path, title] of sections) {
      await visit(page, path, (p) => p.locator('.adm-main h1', { hasText: title }));
    }
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
  }, 90_000);
});
