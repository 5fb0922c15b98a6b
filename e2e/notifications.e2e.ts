/** A member's action reaches another member's bell live, without a reload. */
import { describe, expect, it } from 'vitest';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';
import { cutRealtime } from './support/realtime.js';

const PANEL_TITLE = 'Notifications';

describe('notifications', () => {
  it("raises B's badge when A writes to B, and the panel opens the chat", async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Adama', 'homme'),
      createMemberViaApi('Bintou'),
    ]);
    const page = await signedInPage(b);
    await page.goto('/home');
    await page.getByLabel('Notifications').waitFor();
    await expect.poll(() => page.getByTestId('bell-badge').count()).toBe(0);

    const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token);
    const chatId = Number(chat.data?.chat_id);
    await callApi('/messages/text', { chat_id: chatId, content: 'Bonjour Bintou !' }, a.token);

    await expect
      .poll(async () => (await page.getByTestId('bell-badge').textContent())?.trim(), {
        timeout: 10_000,
      })
      .toBe('1');
    await page.getByLabel('Notifications').click();
    await page.getByText('Voir le message').click();
    await page.waitForURL(`**/chat/${chatId}`);
  });

  it('shows the link being re-established, then fetches what was missed meanwhile', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Yacouba', 'homme'),
      createMemberViaApi('Alimata'),
    ]);
    // No service worker, so the page's own routes see the realtime requests.
    const page = await signedInPage(b, { serviceWorkers: 'block' });
    await page.goto('/home');
    await page.getByLabel('Notifications').waitFor();
    const badge = page.getByTestId('bell-badge');
    const pill = page.getByTestId('realtime-pill');
    await expect.poll(() => badge.count()).toBe(0);

    // The realtime link drops and cannot come back for now.
    const link = await cutRealtime(page);

    // A likes B while B's link is down: no live event can reach B.
    await callApi('/swipe', { target_user_id: b.id, action: 'like' }, a.token);
    expect(await badge.count()).toBe(0);

    link.restore();
    await expect.poll(() => pill.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(async () => (await badge.textContent())?.trim(), { timeout: 10_000 })
      .toBe('1');
  });

  it('connects once the realtime library, which failed to download, comes on a retry', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Boukary', 'homme'),
      createMemberViaApi('Rasmata'),
    ]);
    const page = await signedInPage(b, { serviceWorkers: 'block' });
    let failing = true;
    await page.route(/\/assets\/realtime-client-[\w-]+\.js$/, (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/home');
    const pill = page.getByTestId('realtime-pill');
    await pill.getByText('Connexion en temps réel interrompue').waitFor();

    failing = false;
    await pill.click(); // « Réessayer »
    await expect.poll(() => pill.count(), { timeout: 15_000 }).toBe(0);
    await callApi('/swipe', { target_user_id: b.id, action: 'like' }, a.token);
    await expect
      .poll(async () => (await page.getByTestId('bell-badge').textContent())?.trim(), {
        timeout: 10_000,
      })
      .toBe('1');
  });

  it('closes the panel that could not download with Fermer, and opens it once the network is back', async () => {
    const member = await createMemberViaApi('Issouf', 'homme');
    const page = await signedInPage(member, { serviceWorkers: 'block' });
    let failing = true;
    await page.route(/\/NotificationPanel-[\w-]+\.js$/, (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/home');
    const bell = page.getByLabel('Notifications');
    await bell.click();
    const failed = page.getByRole('alert').filter({ hasText: 'Erreur de chargement' });
    await failed.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => failed.count()).toBe(0);

    failing = false;
    await bell.click();
    await page.getByRole('dialog', { name: PANEL_TITLE }).waitFor();
    expect(await failed.count()).toBe(0);
  });
});
