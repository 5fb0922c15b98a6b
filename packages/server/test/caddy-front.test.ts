/**
 * The deploy kit balances what it says (issue 31): Debian's Caddy on `deploy/Caddyfile` itself,
 * in front of two listening copies named in APP_UPSTREAMS. Both copies serve; the balancing
 * cookie keeps a member on the copy it names; and once a copy stops, the active health check
 * takes it out: every request is answered by the other one, the cookie of the stopped copy
 * included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoCopies, type TwoCopies } from './helpers.js';
import { listen } from './sockets.js';
import {
  LB_COOKIE,
  lbCookieFor,
  startCaddyFront,
  type CaddyFront,
} from '../../../e2e/support/caddy-front.js';
import { freePort } from '../../../e2e/support/server-process.js';

const PROBE = 'from=test';
let two: TwoCopies;
let front: CaddyFront;
/** host:port of each copy, as Caddy names them. */
const upstreams: string[] = [];
/** Requests of this test each copy received (Caddy's own health checks left out). */
const served = [0, 0];

beforeAll(async () => {
  two = await createTwoCopies(undefined);
  for (const [i, copy] of two.copies.entries()) {
    upstreams.push(new URL(await listen(copy)).host);
    copy.server.on('request', (req: { url?: string }) => {
      if (req.url?.includes(PROBE)) served[i] = (served[i] ?? 0) + 1;
    });
  }
  front = await startCaddyFront({ port: await freePort(), upstreams, healthInterval: '500ms' });
});
afterAll(async () => {
  await front?.close();
  await two?.close();
});

/** `n` health calls through Caddy (with the cookie naming `copy`, if given); what each copy served. */
async function through(n: number, copy?: number) {
  const before = [...served];
  const statuses: number[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${front.url}/api/health?${PROBE}`, {
      headers:
        copy === undefined ? {} : { cookie: `${LB_COOKIE}=${lbCookieFor(upstreams[copy] ?? '')}` },
    });
    statuses.push(res.status);
    cookies.push(res.headers.get('set-cookie') ?? '');
    await res.arrayBuffer();
  }
  return { statuses, cookies, served: served.map((s, i) => s - (before[i] ?? 0)) };
}

describe("Caddy with the project's Caddyfile in front of every copy", () => {
  it('sends members to both copies and keeps one on the copy its cookie names', async () => {
    const fresh = await through(30);
    expect(fresh.statuses.every((s) => s === 200)).toBe(true);
    // Without a cookie a copy is picked at random: both are seen over 30 requests.
    expect(fresh.served[0]).toBeGreaterThan(0);
    expect(fresh.served[1]).toBeGreaterThan(0);
    expect(fresh.cookies.every((c) => c.startsWith(`${LB_COOKIE}=`))).toBe(true);

    const pinned = await through(10, 1);
    expect(pinned.served).toEqual([0, 10]);
    expect((await through(10, 0)).served).toEqual([10, 0]);
  });

  it('takes a stopped copy out: the other answers everything, its cookie included', async () => {
    await two.copies[1].close();
    // The health check runs every 500 ms here (10 s in production).
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await through(20, 1);
    expect(after.statuses).toEqual(Array(20).fill(200));
    expect(after.served[0]).toBe(20);
    const unpinned = await through(20);
    expect(unpinned.statuses).toEqual(Array(20).fill(200));
    expect(unpinned.served[0]).toBe(20);
  });
});
