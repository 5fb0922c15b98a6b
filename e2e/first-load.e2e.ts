/**
 * A returning member's first load of /home (issue 19, "first paint of data"): the boot script
 * sends the guard's check and the feed's first page while the app's code is still on its way,
 * and the screens take those answers instead of asking again. Shown by holding the app's main
 * chunk back: both requests leave before it arrives, each exactly once, and the feed is drawn.
 */
import { describe, expect, it } from 'vitest';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

const HOLD_MS = 2_500;

describe('first load of /home with a session', () => {
  it("asks for the guard check and the feed before the app's code has arrived, once each", async () => {
    const [reader, author] = await Promise.all([
      createMemberViaApi('Aminata'),
      createMemberViaApi('Souleymane', 'homme'),
    ]);
    // Letters only: digits could read as a phone number, which the description rules refuse.
    const mark = String(Date.now()).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
    const text = `Souleymane aime la musique mandingue et les balades au barrage ${mark}.`;
    await callApi('/announcements', { description: text }, author.token);

    // No service worker: its precache would serve the chunk without the route below.
    const page = await signedInPage(reader, { serviceWorkers: 'block' });
    const sent: { url: string; at: number }[] = [];
    // The path and the page asked (the feed's second page follows as the list nears its end).
    page.on('request', (req) => {
      const url = new URL(req.url());
      const page1 = url.searchParams.get('page');
      sent.push({ url: url.pathname + (page1 ? `#${page1}` : ''), at: Date.now() });
    });
    let mainChunkAt = 0;
    // The app's entry chunk (not the boot): the script after the boot in the page.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, HOLD_MS));
      mainChunkAt = Date.now();
      await route.continue();
    });

    await page.goto('/home');
    await page.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 20_000 });

    const calls = (path: string) => sent.filter((r) => r.url === `/api${path}`);
    expect(calls('/verify-auth-status')).toHaveLength(1);
    expect(calls('/announcements#1')).toHaveLength(1);
    expect(mainChunkAt).toBeGreaterThan(0);
    for (const path of ['/verify-auth-status', '/announcements#1']) {
      expect(calls(path)[0]?.at, path).toBeLessThan(mainChunkAt);
    }
  }, 60_000);
});
