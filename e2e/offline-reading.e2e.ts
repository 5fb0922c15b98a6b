/**
 * Reading without a network (issue 26): a returning member who goes offline and reloads /home,
 * /chats and a conversation reads the feed, the chat list and the messages kept on the phone,
 * under the offline notice, quickly; and when the server stops answering while the browser still
 * believes it is online, a reload shows the kept screens (not an error page) and they refresh by
 * themselves once the server answers again, without a tap.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openChat } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';
import { waitForServiceWorker, waitUntilKept } from './support/offline.js';

const OFFLINE_NOTICE = 'Vous êtes hors ligne. Vérifiez votre connexion internet.';
/** The issue asks for 1 s on a phone; a loaded 2-core CI machine gets room, the figure is printed. */
const OFFLINE_SHOWN_WITHIN_MS = 6_000;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Milliseconds from the reload's start until `text` shows. */
async function reloadUntil(page: Page, path: string, text: string) {
  const start = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByText(text).first().waitFor({ timeout: 15_000 });
  return Date.now() - start;
}

describe('reading without a network', () => {
  it('shows the kept feed, chats and messages offline, with the offline notice', async () => {
    const word = unique();
    const [salif, awa] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Awa'),
    ]);
    await callApi(
      '/announcements',
      { description: `Je cherche des amis pour les balades au barrage ${word}.` },
      awa.token,
    );
    const chatId = await openChat(salif, awa, `Bonsoir Awa ${word}`, `Bonsoir Salif ${word}`);

    const page = await signedInPage(salif);
    // The member chose « Préparer l'appli hors connexion »: every screen's code is kept too.
    await page.addInitScript({ content: `localStorage.setItem('prepare_offline', 'on');` });
    await page.goto('/home');
    // Awa's announcement is the newest: on the feed's first page.
    const cardText = `balades au barrage ${word}`;
    await page.locator('.ann-card').filter({ hasText: cardText }).waitFor();
    await page.goto('/chats');
    await page.getByTestId('chat-row').filter({ hasText: 'Awa' }).waitFor();
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText(`Bonsoir Salif ${word}`).waitFor();
    await waitForServiceWorker(page);
    // The screens visited are kept (screens' code by the worker, data by the app).
    await page.locator('html[data-screens-cached="true"]').waitFor({
      state: 'attached',
      timeout: 30_000,
    });
    await waitUntilKept(page, [`Bonsoir Salif ${word}`, cardText, '"chats","list"']);

    await page.context().setOffline(true);
    const home = await reloadUntil(page, '/home', cardText);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    const chats = await reloadUntil(page, '/chats', `Bonsoir Salif ${word}`);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    const thread = await reloadUntil(page, `/chat/${chatId}`, `Bonsoir Awa ${word}`);
    await page.getByTestId('message-list').getByText(`Bonsoir Salif ${word}`).waitFor();
    console.log(
      `offline reload to content: /home ${home} ms, /chats ${chats} ms, chat ${thread} ms`,
    );
    expect(await page.getByText("Oups ! Une erreur s'est produite").count()).toBe(0);
    for (const ms of [home, chats, thread]) expect(ms).toBeLessThan(OFFLINE_SHOWN_WITHIN_MS);
  });

  it('reloaded while the server is unreachable, shows the kept screens and recovers untapped', async () => {
    const word = unique();
    const [fanta, yacouba] = await Promise.all([
      createMemberViaApi('Fanta'),
      createMemberViaApi('Yacouba', 'homme'),
    ]);
    const chatId = await openChat(yacouba, fanta, `Salut Fanta ${word}`, `Salut Yacouba ${word}`);
    // The page's own requests, so that routing sees them (not the worker's).
    const page = await signedInPage(fanta, { serviceWorkers: 'block' });
    // The realtime link goes down with the server, so it cannot bring the news in its place.
    let down = false;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => (down ? ws.close() : ws.connectToServer()));
    await page.goto('/chats');
    await page.getByText(`Salut Yacouba ${word}`).waitFor();
    await waitUntilKept(page, [`Salut Yacouba ${word}`]);

    // The server stops answering; the browser still says it is online.
    down = true;
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByText(`Salut Yacouba ${word}`).waitFor();
    expect(await page.getByText('Erreur de connexion').count()).toBe(0);

    // Meanwhile Yacouba writes; the kept list cannot know it yet.
    await callApi(
      '/messages/text',
      { chat_id: chatId, content: `Tu es là ? ${word}` },
      yacouba.token,
    );
    const refreshed = page.waitForResponse(
      (r) => /\/api\/chats(\?|$)/.test(r.url()) && r.status() === 200,
      { timeout: 30_000 },
    );
    down = false;
    await page.unroute('**/api/**');
    // No tap: the probe finds the server, the screen refetches and shows the new message.
    await refreshed;
    await page.getByText(`Tu es là ? ${word}`).waitFor({ timeout: 15_000 });
  });
});
