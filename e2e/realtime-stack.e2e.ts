/**
 * Realtime behind the deploy kit's front (real stack only, E2E_STACK=real): Caddy on
 * deploy/Caddyfile with both copies named. The two browsers of a conversation carry Caddy's
 * balancing cookie for two different copies, open their sockets through Caddy, land on the copy
 * their cookie names (each copy's own count of open sockets says so), and still talk live,
 * Redis carrying the events between the copies. Each page's first and only realtime connection
 * is a WebSocket.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { messageWith, openChat } from './support/chats.js';
import { createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { LB_COOKIE, lbCookieFor } from './support/caddy-front.js';

const copies = inject('stackCopies');

/** The open sockets of each copy, from its own /metrics (the copies answer it on the loopback). */
async function socketsPerCopy(): Promise<number[]> {
  return Promise.all(
    copies.map(async (origin) => {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return Number(/^realtime_open_sockets (\S+)$/m.exec(text)?.[1] ?? 0);
    }),
  );
}

/**
 * The member's page on the conversation, its Caddy cookie naming copy `copy`, and every
 * Socket.IO request it makes over plain HTTP (long-polling) from the start; a WebSocket is not a
 * request there.
 */
async function openWatched(member: E2EMember, chatId: number, lastText: string, copy: number) {
  const page: Page = await signedInPage(member, { serviceWorkers: 'block' });
  const upstream = new URL(copies[copy] ?? '').host;
  await page
    .context()
    .addCookies([{ name: LB_COOKIE, value: lbCookieFor(upstream), url: baseUrl }]);
  const polling: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/socket.io/')) polling.push(req.url());
  });
  await page.goto(`/chat/${chatId}`);
  await page.getByTestId('message-list').getByText(lastText).waitFor();
  return { page, polling };
}

describe.skipIf(inject('stack') !== 'real')(
  'realtime behind Caddy and its balancing cookie',
  () => {
    it('connects two browsers to two different copies over WebSocket and chats live', async () => {
      const [a, b] = await Promise.all([
        createMemberViaApi('Salif', 'homme'),
        createMemberViaApi('Rasmata'),
      ]);
      const chatId = await openChat(a, b, 'Bonsoir Rasmata', 'Bonsoir Salif');
      const [start0 = 0, start1 = 0] = await socketsPerCopy();

      // One after the other, so each socket is known to be its page's.
      const { page: pageA, polling: pollingA } = await openWatched(a, chatId, 'Bonsoir Salif', 0);
      await expect.poll(socketsPerCopy, { timeout: 15_000 }).toEqual([start0 + 1, start1]);
      const { page: pageB, polling: pollingB } = await openWatched(b, chatId, 'Bonsoir Salif', 1);
      await expect.poll(socketsPerCopy, { timeout: 15_000 }).toEqual([start0 + 1, start1 + 1]);

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
      expect(await socketsPerCopy()).toEqual([start0 + 1, start1 + 1]);
      for (const page of [pageA, pageB]) {
        expect(await page.getByTestId('realtime-pill').count()).toBe(0);
      }
    });
  },
);
