/**
 * Writing while offline (Chromium's offline mode): a text and a photo wait in the thread, leave
 * when the connection returns, and reach the other member exactly once, even when the server
 * stored the first attempt but its answer never came back (the retry carries the same
 * client_id). A photo that could not leave survives a reload. The conversation also shows when
 * its realtime link is being re-established.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messageWith, openChat, openConversation, storedMessages } from './support/chats.js';
import { createMemberViaApi } from './support/members.js';
import { cutRealtime } from './support/realtime.js';

// Routing needs the requests to leave the page itself, not its service worker.
const NO_WORKER = { serviceWorkers: 'block' } as const;

/** How many waiting photos or voice clips the page's browser keeps on disk (IndexedDB). */
const KEPT_PHOTOS = `indexedDB.databases().then((dbs) =>
  !dbs.some((d) => d.name === 'chat-outbox')
    ? 0
    : new Promise((resolve) => {
        const open = indexedDB.open('chat-outbox');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('blobs')) return resolve(0);
          const count = db.transaction('blobs').objectStore('blobs').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
          count.transaction.oncomplete = () => db.close();
        };
      }),
)`;

/** The outbox's keys left in localStorage (one per chat with a message waiting). */
const OUTBOX_KEYS = `Object.keys(localStorage).filter((k) => k.startsWith('chat-outbox:'))`;

/** The first send reaches the server, but its answer is cut: the page sees a network error. */
async function loseFirstAnswer(page: Page, path: string) {
  const attempts: (string | null)[] = [];
  await page.route(`**/api${path}`, async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    attempts.push(/"?client_id"?\s*(?::\s*"|\r\n\r\n)([0-9a-f-]{36})/.exec(body)?.[1] ?? null);
    if (attempts.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return attempts;
}

describe('offline chat', () => {
  it('sends a text written offline once back online, stored once despite a lost answer', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Awa'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Awa', 'Bonsoir Salif');
    const [pageA, pageB] = await Promise.all([
      openConversation(a, chatId, 'Bonsoir Salif', NO_WORKER),
      openConversation(b, chatId, 'Bonsoir Salif'),
    ]);
    await expect.poll(() => pageA.getByTestId('locked-hint').count()).toBe(0);
    const attempts = await loseFirstAnswer(pageA, '/messages/text');

    await pageA.context().setOffline(true);
    const box = pageA.getByRole('textbox', { name: 'Votre message...' });
    await box.fill("Je t'écris depuis le car pour Bobo");
    await box.press('Enter');
    await pageA.getByTestId('pending-message').getByText('depuis le car').waitFor();
    await pageA.getByText('Vos messages seront envoyés dès le retour de la connexion.').waitFor();
    expect(attempts).toEqual([]);

    await pageA.context().setOffline(false);
    await messageWith(pageB, 'depuis le car').waitFor();
    // The stored copy may come back first (its realtime event, or the thread refetched on
    // reconnecting) and hide the bubble; the outbox still holds the message until an answer
    // says it was stored, so the retry comes, with the same id, whichever came first.
    await expect.poll(() => attempts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(attempts[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(attempts).size).toBe(1);
    await expect
      .poll(() => pageA.getByTestId('pending-message').count(), { timeout: 15_000 })
      .toBe(0);
    await expect.poll(() => pageA.evaluate(OUTBOX_KEYS)).toEqual([]);

    const stored = await storedMessages(b, chatId);
    expect(stored.filter((m) => m.content === "Je t'écris depuis le car pour Bobo")).toHaveLength(
      1,
    );
    await pageB.reload();
    await messageWith(pageB, 'depuis le car').waitFor();
    expect(await messageWith(pageB, 'depuis le car').count()).toBe(1);
    expect(await messageWith(pageA, 'depuis le car').count()).toBe(1);
  });

  it('keeps a photo chosen offline in the thread and delivers it once back online', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Yacouba', 'homme'),
      createMemberViaApi('Fanta'),
    ]);
    const chatId = await openChat(a, b, 'Salut Fanta', 'Salut Yacouba');
    const [pageA, pageB] = await Promise.all([
      openConversation(a, chatId, 'Salut Yacouba', NO_WORKER),
      openConversation(b, chatId, 'Salut Yacouba'),
    ]);
    await expect.poll(() => pageA.getByTestId('locked-hint').count()).toBe(0);
    const attempts = await loseFirstAnswer(pageA, '/messages/image');
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' },
    })
      .jpeg()
      .toBuffer();

    await pageA.context().setOffline(true);
    await pageA
      .getByTestId('image-input')
      .setInputFiles({ name: 'barrage.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pageA.getByRole('textbox', { name: 'Votre message...' }).fill('Le barrage de Ziga');
    await pageA.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const pending = pageA.locator('[data-testid="pending-message"][data-kind="image"]');
    await pending.getByRole('img', { name: 'Photo' }).waitFor();
    await pending.getByText('Le barrage de Ziga').waitFor();

    await pageA.context().setOffline(false);
    await pageB
      .getByTestId('message')
      .filter({ hasText: 'Le barrage de Ziga' })
      .getByRole('img', { name: 'Photo', exact: true })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => attempts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
    expect(attempts[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(attempts).size).toBe(1);
    const images = (await storedMessages(b, chatId)).filter((m) => m.type === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]?.content).toBe('Le barrage de Ziga');
  });

  it('keeps a photo that could not leave across a reload, then sends it', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Dramane', 'homme'),
      createMemberViaApi('Safi'),
    ]);
    const chatId = await openChat(a, b, 'Salut Safi', 'Salut Dramane');
    const page = await openConversation(a, chatId, 'Salut Dramane', NO_WORKER);
    await expect.poll(() => page.getByTestId('locked-hint').count()).toBe(0);
    let reachable = false;
    await page.route('**/api/messages/image', (route) =>
      reachable ? route.continue() : route.abort('connectionreset'),
    );
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#e76f51' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'marche.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const pending = page.locator('[data-testid="pending-message"][data-kind="image"]');
    await pending.getByRole('img', { name: 'Photo' }).waitFor();
    await expect.poll(() => page.evaluate(KEPT_PHOTOS)).toBe(1);

    // Reloaded with the photo still waiting: drawn again from what the browser kept.
    await page.reload();
    await pending.getByRole('img', { name: 'Photo' }).waitFor();
    reachable = true;
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(0);
    const images = (await storedMessages(b, chatId)).filter((m) => m.type === 'image');
    expect(images).toHaveLength(1);
  });

  it('shows in the conversation that the realtime link is being re-established', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Boukary', 'homme'),
      createMemberViaApi('Rasmata'),
    ]);
    const chatId = await openChat(a, b, 'Bonjour Rasmata', 'Bonjour Boukary');
    const page = await openConversation(a, chatId, 'Bonjour Boukary', NO_WORKER);
    const pill = page.getByTestId('realtime-pill');
    await expect.poll(() => pill.count()).toBe(0);

    // The link drops and the server cannot be reached again for now.
    const link = await cutRealtime(page);

    link.restore();
    await expect.poll(() => pill.count(), { timeout: 15_000 }).toBe(0);
  });
});
