/**
 * A shared phone (issue 26): member A signs out with an unsent draft and a message still queued
 * (the server unreachable for it), member B signs in on the same browser: B sees none of A's
 * data (no draft, nothing kept of A in IndexedDB or localStorage) and nothing is sent in A's
 * words under B's name, even when A's queued message and draft are put back in storage as if
 * the clearing at sign-out had not happened.
 */
import { describe, expect, it } from 'vitest';
import { openChat, storedMessages } from './support/chats.js';
import { newPage } from './support/harness.js';
import { createMemberViaApi, dismissRewardModals, type E2EMember } from './support/members.js';
import { keptOutboxBlobs, keptScreens, localStore } from './support/offline.js';
import type { Page } from 'playwright-core';

const PASSWORD = 'Baobab-Fleuri-77';

async function signIn(page: Page, member: E2EMember) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/home', { timeout: 20_000 });
}

describe('a shared phone', () => {
  it("keeps member A's draft and queued message from member B, and sends nothing as B", async () => {
    const word = Date.now().toString(36);
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Awa'),
    ]);
    const chatId = await openChat(a, b, `Bonjour Awa ${word}`, `Bonjour Salif ${word}`);
    const queued = `Message de Salif en attente ${word}`;
    const draft = `Brouillon de Salif ${word}`;

    // Service worker blocked: the page's own requests are routed.
    const page = await newPage({ serviceWorkers: 'block' });
    await dismissRewardModals(page);
    await signIn(page, a);
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText(`Bonjour Salif ${word}`).waitFor();

    // The message cannot leave (the server unreachable for it): it waits in the outbox.
    await page.route('**/api/messages/text', (route) => route.abort('connectionrefused'));
    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill(queued);
    await box.press('Enter');
    await page.getByTestId('pending-message').getByText(queued).waitFor();
    await box.fill(draft);
    await expect
      .poll(async () => Object.values(await localStore(page)).some((v) => v.includes(draft)))
      .toBe(true);
    const left = Object.entries(await localStore(page)).filter(
      ([k]) => k.startsWith('chat-draft:') || k.startsWith('chat-outbox:'),
    );
    expect(left).toHaveLength(2);
    await expect.poll(() => keptScreens(page), { timeout: 15_000 }).toContain(word);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.unroute('**/api/messages/text');

    // Nothing of A is left on the phone.
    const afterLogout = await localStore(page);
    expect(Object.keys(afterLogout).filter((k) => /^chat-(draft|outbox):/.test(k))).toEqual([]);
    expect(JSON.stringify(afterLogout)).not.toContain(word);
    expect(await keptScreens(page)).toBe('');
    expect(await keptOutboxBlobs(page)).toBe(0);

    // As if the clearing had not happened (a closed tab, storage cleared in part).
    await page.evaluate(
      `(${JSON.stringify(left)}).forEach(([k, v]) => localStorage.setItem(k, v))`,
    );

    await signIn(page, b);
    await page.goto('/chats');
    await page.getByTestId('chat-row').first().waitFor();
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText(`Bonjour Salif ${word}`).waitFor();
    // B's composer is empty, no pending bubble of A's.
    expect(await page.getByRole('textbox', { name: 'Votre message...' }).inputValue()).toBe('');
    expect(await page.getByTestId('pending-message').count()).toBe(0);
    // Give a flush its chance (on mount, and the outbox's first retry after 5 s).
    await page.waitForTimeout(6_000);

    const stored = await storedMessages(b, chatId);
    expect(stored.filter((m) => m.content === queued)).toEqual([]);
    expect(stored.filter((m) => m.content.includes(draft))).toEqual([]);
    const kept = await keptScreens(page);
    expect(kept).not.toContain(queued);
    expect(kept).not.toContain(draft);
    expect(JSON.stringify(await localStore(page))).not.toContain(queued);
  });
});
