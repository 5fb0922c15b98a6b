/**
 * Realtime behind a non-sticky load balancer (real stack only, E2E_STACK=real): the two browsers
 * of a conversation open their sockets through the round-robin proxy, land on two different
 * server copies, and still talk live, Redis carrying the events between the copies. Each page's
 * first and only realtime connection is a WebSocket: a polling handshake would be answered by one
 * copy and continued on the other ("Session ID unknown"), and the app would stay « Reconnexion ».
 */
import { describe, expect, inject, it } from 'vitest';
import { baseUrl } from './support/harness.js';
import { messageWith, openChat } from './support/chats.js';
import { createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { UPGRADES_PATH, type UpgradeRecord } from './support/round-robin-proxy.js';

async function proxyUpgrades(): Promise<UpgradeRecord[]> {
  const res = await fetch(`${baseUrl}${UPGRADES_PATH}`);
  return (await res.json()) as UpgradeRecord[];
}

/** Waits for the page's realtime socket to go through the proxy; the copy that took it. */
async function socketCopy(seenBefore: number): Promise<number> {
  await expect
    .poll(async () => (await proxyUpgrades()).length, { timeout: 15_000 })
    .toBe(seenBefore + 1);
  const last = (await proxyUpgrades()).at(-1);
  if (!last) throw new Error('no upgrade recorded');
  return last.copy;
}

/**
 * The member's page on the conversation, and every Socket.IO request it makes over plain HTTP
 * (long-polling) from the start; a WebSocket is not a request there.
 */
async function openWatched(member: E2EMember, chatId: number, lastText: string) {
  const page = await signedInPage(member, { serviceWorkers: 'block' });
  const polling: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/socket.io/')) polling.push(req.url());
  });
  await page.goto(`/chat/${chatId}`);
  await page.getByTestId('message-list').getByText(lastText).waitFor();
  return { page, polling };
}

describe.skipIf(inject('stack') !== 'real')('realtime behind a round-robin proxy', () => {
  it('connects two browsers to two different copies over WebSocket and chats live', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Rasmata'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Rasmata', 'Bonsoir Salif');
    const start = (await proxyUpgrades()).length;

    // One after the other, so each socket is known to be its page's.
    const { page: pageA, polling: pollingA } = await openWatched(a, chatId, 'Bonsoir Salif');
    const copyA = await socketCopy(start);
    const { page: pageB, polling: pollingB } = await openWatched(b, chatId, 'Bonsoir Salif');
    const copyB = await socketCopy(start + 1);
    expect(copyA).not.toBe(copyB);

    const box = pageA.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Le concert au CENASA, ça te dit ?');
    await box.press('Enter');
    await messageWith(pageB, 'Le concert au CENASA').waitFor();
    const reply = pageB.getByRole('textbox', { name: 'Votre message...' });
    await reply.fill('Oui, avec plaisir !');
    await reply.press('Enter');
    await messageWith(pageA, 'Oui, avec plaisir !').waitFor();
    // B read A's message live, on the other copy: A's tick turns blue.
    await messageWith(pageA, 'Le concert au CENASA').getByRole('img', { name: 'Lu' }).waitFor();

    // Neither page fell back to polling, nor had to reconnect: one WebSocket each, kept.
    expect([...pollingA, ...pollingB]).toEqual([]);
    expect((await proxyUpgrades()).length).toBe(start + 2);
    for (const page of [pageA, pageB]) {
      expect(await page.getByTestId('realtime-pill').count()).toBe(0);
    }
  });
});
