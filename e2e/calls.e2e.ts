/**
 * Voice calls (issue 30) in two Chromium contexts with a fake microphone, through the run's own
 * coturn (relay only, on 127.0.0.1): on the real stack the callee's socket sits on the other
 * server copy. A calls, B answers on another screen of the app, audio flows both ways through
 * the relay (getStats), A hangs up and both chats show the call with its duration; then B lets a
 * call ring out and gets « Appel manqué »; then a blocked member's call is refused.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { openChat } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { LB_COOKIE, lbCookieFor } from './support/caddy-front.js';

/** Keeps every RTCPeerConnection the page makes, so the test can read its getStats. */
const KEEP_PEER_CONNECTIONS = `
  window.__peers = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Native(...args);
    window.__peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
`;

/** What the page's latest call moved: audio bytes each way and the kind of path it took. */
const READ_CALL_STATS = `(async () => {
  const pc = window.__peers[window.__peers.length - 1];
  if (!pc) return null;
  const stats = await pc.getStats();
  let sent = 0, received = 0, pairId, localType = null, policy = pc.getConfiguration().iceTransportPolicy;
  stats.forEach((s) => {
    if (s.type === 'outbound-rtp' && s.kind === 'audio') sent += s.bytesSent;
    if (s.type === 'inbound-rtp' && s.kind === 'audio') received += s.bytesReceived;
    if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
  });
  if (pairId) {
    const pair = stats.get(pairId);
    const local = pair && stats.get(pair.localCandidateId);
    localType = local ? local.candidateType : null;
  }
  return { sent, received, localType, policy };
})()`;

interface CallStats {
  sent: number;
  received: number;
  localType: string | null;
  policy: string;
}
const callStats = (page: Page) => page.evaluate(READ_CALL_STATS) as Promise<CallStats | null>;

/** The open sockets of each copy, from its own /metrics (real stack only). */
async function socketsPerCopy(): Promise<number[]> {
  return Promise.all(
    inject('stackCopies').map(async (origin) => {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return Number(/^realtime_open_sockets (\S+)$/m.exec(text)?.[1] ?? 0);
    }),
  );
}

/** The member's page at `path`; on the real stack, Caddy's cookie sends it to copy `copy`. */
async function memberPage(member: E2EMember, path: string, copy: number) {
  const page = await signedInPage(member, { serviceWorkers: 'block' });
  await page.addInitScript({ content: KEEP_PEER_CONNECTIONS });
  const origin = inject('stackCopies')[copy];
  if (inject('stack') === 'real' && origin) {
    await page
      .context()
      .addCookies([{ name: LB_COOKIE, value: lbCookieFor(new URL(origin).host), url: baseUrl }]);
  }
  await page.goto(path);
  return page;
}

/** A on the chat, B elsewhere in the app; on the real stack, their sockets on two copies. */
async function openBoth(a: E2EMember, b: E2EMember, chatId: number) {
  const real = inject('stack') === 'real';
  const [start0 = 0, start1 = 0] = real ? await socketsPerCopy() : [];
  const pageA = await memberPage(a, `/chat/${chatId}`, 0);
  await pageA.getByTestId('message-list').getByText('Bonsoir Salif').waitFor();
  const pageB = await memberPage(b, '/home', 1);
  if (real) {
    // Each copy's own count: A's socket on the first, the callee's on the other.
    await expect.poll(socketsPerCopy, { timeout: 15_000 }).toEqual([start0 + 1, start1 + 1]);
  }
  return { pageA, pageB };
}

const callLine = (page: Page) => page.getByTestId('call-line');

describe('voice calls', () => {
  it('A calls, B answers, audio flows both ways through the relay, A hangs up, both chats show it', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Rasmata'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Rasmata', 'Bonsoir Salif');
    const { pageA, pageB } = await openBoth(a, b, chatId);

    await pageA.getByRole('button', { name: 'Appeler' }).click();
    await expect.poll(() => pageA.getByTestId('call-status').textContent()).toBe('Ça sonne…');
    const ring = pageB.getByRole('dialog', { name: 'Salif' });
    await ring.getByText('Appel vocal entrant').waitFor();
    // The caller's photo is shown, and nothing of the number or address.
    await expect.poll(() => ring.locator('img').count()).toBe(1);
    await ring.getByRole('button', { name: 'Répondre' }).click();

    // Talking: the timer runs on both screens, and audio bytes cross the relay both ways.
    for (const page of [pageA, pageB])
      await expect
        .poll(() => page.getByTestId('call-status').textContent(), { timeout: 20_000 })
        .toMatch(/^0:\d\d$/);
    for (const page of [pageA, pageB]) {
      await expect
        .poll(
          async () => {
            const s = await callStats(page);
            return s ? Math.min(s.sent, s.received) : 0;
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(4_000);
      const s = await callStats(page);
      expect(s?.policy).toBe('relay');
      expect(s?.localType).toBe('relay');
    }
    await pageA.waitForTimeout(2_000);

    await pageA
      .getByRole('dialog', { name: 'Rasmata' })
      .getByRole('button', { name: 'Raccrocher' })
      .click();
    await pageB.getByTestId('call-status').getByText('Appel terminé').waitFor();
    await expect.poll(() => pageB.getByRole('dialog', { name: 'Salif' }).count()).toBe(0);
    await expect.poll(() => callLine(pageA).textContent()).toMatch(/Appel vocal · \d+ s/);
    await pageB.goto(`/chat/${chatId}`);
    await expect.poll(() => callLine(pageB).textContent()).toMatch(/Appel vocal · \d+ s/);
    // « Signaler » on the call's line opens the report about the other member.
    await callLine(pageB).getByRole('button', { name: 'Signaler' }).click();
    await pageB.getByText('Harcèlement ou insultes').waitFor();
  }, 120_000);

  it('B lets a call ring out: « Appel manqué » in the chat, and B is notified', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Awa'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Awa', 'Bonsoir Salif');
    const { pageA, pageB } = await openBoth(a, b, chatId);
    await pageA.getByRole('button', { name: 'Appeler' }).click();
    const ring = pageB.getByRole('dialog', { name: 'Salif' });
    await ring.getByText('Appel vocal entrant').waitFor();
    // Nobody answers: after 30 s the ring stops on B's phone and the caller hears no answer.
    await expect.poll(() => ring.count(), { timeout: 45_000 }).toBe(0);
    await expect.poll(() => callLine(pageA).textContent()).toContain('Appel manqué');
    // One more on the bell: A's message, then the missed call.
    await expect
      .poll(async () => (await pageB.getByTestId('bell-badge').textContent())?.trim())
      .toBe('2');
    await pageB.getByLabel('Notifications').click();
    await pageB.getByText('Salif a essayé de vous appeler.').click();
    await pageB.waitForURL(`**/chat/${chatId}`);
    await expect.poll(() => callLine(pageB).textContent()).toContain('Appel manqué');
  }, 120_000);

  it('a block cuts the ringing call on both phones, and the blocked member cannot call again', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Fatim'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Fatim', 'Bonsoir Salif');
    const { pageA, pageB } = await openBoth(a, b, chatId);
    await pageA.getByRole('button', { name: 'Appeler' }).click();
    const ring = pageB.getByRole('dialog', { name: 'Salif' });
    await ring.getByText('Appel vocal entrant').waitFor();
    await callApi(`/users/${a.id}/block`, {}, b.token);
    await pageA.getByTestId('call-status').getByText('Appel interrompu').waitFor();
    await expect.poll(() => ring.count()).toBe(0);
    // Calling again is refused by the server, with its French reason.
    const res = await fetch(`${baseUrl}/api/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ chat_id: chatId }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'blocked',
      message: 'Vous ne pouvez pas appeler ce membre.',
    });
  }, 90_000);
});
