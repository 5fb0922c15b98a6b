/**
 * `npm run bench:session` (after `npm run build`): the data a member pays for in a typical
 * session, on a phone (360x740 at 2x, a mobile user agent, on mobile data): sign in through the
 * /login form, scroll the home feed until 30 announcements have been shown, make 20 swipes on
 * /swipes (passes and likes in turn), open the chat from /chats and send 5 messages and a photo
 * (a real photograph, 720 x 960, 106 KB: bench/fixtures; the members' profile photos are real
 * ones too).
 *
 * The session runs twice in one browser profile: the first visit (fresh profile, empty caches,
 * the service worker installs) and the returning visit (a new tab of the same profile on the
 * installed app's start page, /home, the member still signed in, the service worker and the
 * HTTP cache warm: the next day's open).
 *
 * Members reach the app as the deploy kit serves it: a real Caddy with deploy/Caddyfile's site
 * block (compression, sticky cookie) over TLS and HTTP/2, in front of the real server (front.ts).
 * Every byte is counted both ways from Chromium's own accounting (session-meter.ts): responses
 * as they crossed the wire (HPACK-compressed headers, compressed bodies), the service worker's
 * fetches (its precache) included; request headers as sent, counted uncompressed (an upper
 * bound under HTTP/2); request bodies (the photo's upload, JSON posts) and WebSocket frames and
 * handshake. The worker's script itself is loaded by the browser out of DevTools' sight: when it
 * was not seen, the same request is made from here and counted (in full on the first visit,
 * conditional on the returning one, as a next-day update check). A byte counter on the socket
 * between the browser and Caddy prints what really crossed (TLS included) beside it, and from it
 * what the request headers cost once HPACK compressed them.
 * Printed per kind (HTML, JS, CSS, API, images, WebSocket, other, request headers, upload) beside
 * the budgets of issue 26: first visit ≤ 450 KB, returning ≤ 150 KB, with the heaviest addresses
 * and a check of the counting against the build.
 *
 * The server is the real one (a child process on the embedded database, demo seed on: 320
 * members, 150 announcements) serving a copy of the built web app; the member and the one they
 * chat with are made for the run straight through its API (the sign-up code read from the dev
 * outbox), not through the front. SESSION_CONNECTION=wifi runs it as on Wi-Fi (the app may then
 * fetch other screens ahead); SESSION_REQUESTS=file.json writes every count; CHROMIUM_PATH and
 * CADDY_PATH change the browser and the front. Figures, not a test: it exits non-zero only when
 * the session cannot run.
 */
import { HEADLESS_CHROMIUM_ARGS } from '../e2e/support/chromium-flags.js';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { makeTempDir, startServer } from '../e2e/support/server-process.js';
import { frontPorts, publicUrlOf, startFront, type Front, type WireCounter } from './front.js';
import { CATEGORIES, SessionMeter, headerSize, totalOf, type Tally } from './session-meter.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'packages/web/dist');
/** Real photographs (bench/fixtures/README.md says whence and under which licence). */
const CHAT_PHOTO = path.join(ROOT, 'bench/fixtures/chat-photo.jpg');
const PROFILE_PHOTO = path.join(ROOT, 'bench/fixtures/profile-photo.jpg');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CONNECTION = process.env.SESSION_CONNECTION === 'wifi' ? 'wifi' : 'cellular4g';
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Mobile Safari/537.36';
const OUAGADOUGOU = { latitude: 12.37, longitude: -1.52 };
const PASSWORD = 'Baobab-Fleuri-77';
const FEED_SHOWN = 30;
const SWIPES = 20;
const MESSAGES = 5;
const BUDGET_KB = { first: 450, returning: 150 };
const KB = 1024;

interface Member {
  id: number;
  email: string;
  token: string;
  name: string;
}

// --- Members and their chat, through the API ------------------------------------------------

async function api(
  baseUrl: string,
  route: string,
  body: object | FormData,
  token?: string,
): Promise<Record<string, unknown>> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${baseUrl}/api${route}`, {
    method: 'POST',
    headers: {
      ...(isForm ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: isForm ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: Record<string, unknown>; message?: string };
  if (!res.ok) throw new Error(`${route} → ${res.status} ${json.message ?? ''}`);
  return json.data ?? {};
}

/** The sign-up code sent to `email`, from the dev outbox (no SMTP_URL: mails stay in memory). */
async function signupCode(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/dev/outbox?format=json`);
    const body = (await res.json()) as { data?: { to: string; text: string }[] };
    const mail = body.data?.filter((m) => m.to === email).at(-1);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-up code mailed to ${email}`);
}

async function createMember(
  baseUrl: string,
  name: string,
  gender: 'homme' | 'femme',
): Promise<Member> {
  const email = `${name.toLowerCase()}.${Date.now()}@bench.rencontre.bf`;
  const reg = await api(baseUrl, '/register', {
    email,
    password: PASSWORD,
    device_hash: `bench-session-${email}`,
  });
  const token = String(reg.token);
  await api(baseUrl, '/verify-otp', { email, otp_code: await signupCode(baseUrl, email) });
  const form = new FormData();
  form.set('name', name);
  form.set('gender', gender);
  form.set('birth_date', '1995-03-12');
  form.set('locality', 'Ouagadougou, Burkina Faso');
  const photo = fs.readFileSync(PROFILE_PHOTO);
  form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const done = await api(baseUrl, '/complete-profile', form, token);
  await api(baseUrl, '/location/update', OUAGADOUGOU, token);
  // The welcome gift is a once-in-a-lifetime screen, not part of a typical day.
  await api(baseUrl, '/user/mark-gift-seen', {}, token);
  return { id: Number(done.id), email, token, name };
}

/** A contact chat the member started and the other answered (so it is not locked). */
async function openChat(baseUrl: string, me: Member, other: Member): Promise<number> {
  const chat = await api(baseUrl, '/chats/create', { other_user_id: other.id }, me.token);
  const chatId = Number(chat.chat_id);
  await api(baseUrl, '/messages/text', { chat_id: chatId, content: 'Bonjour !' }, me.token);
  await api(
    baseUrl,
    '/messages/text',
    { chat_id: chatId, content: 'Bonsoir, ça va ?' },
    other.token,
  );
  return chatId;
}

// --- The session ----------------------------------------------------------------------------

/** Taps away whatever a day's first open may show over the screen (daily reward, a match). */
async function handleInterruptions(page: Page) {
  for (const name of ["Commencer l'aventure", 'Super !', 'Continuer']) {
    await page.addLocatorHandler(page.getByRole('button', { name, exact: true }), (b) => b.click());
  }
}

async function dismissModals(page: Page) {
  for (const name of ["Commencer l'aventure", 'Super !', 'Continuer']) {
    const button = page.getByRole('button', { name, exact: true });
    if (await button.isVisible().catch(() => false)) await button.click().catch(() => undefined);
  }
}

async function signIn(page: Page, member: Member) {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/home', { timeout: 20_000 });
}

interface FeedState {
  shown: number;
  total: number;
  ended: boolean;
}

/** Scrolls /home a screen at a time until `FEED_SHOWN` cards have come into view. */
async function scrollFeed(page: Page) {
  await page.getByRole('heading', { name: 'Découvrez les annonces' }).waitFor();
  await page.locator('.ann-list article').first().waitFor({ timeout: 20_000 });
  const deadline = Date.now() + 90_000;
  let state: FeedState = { shown: 0, total: 0, ended: false };
  while (Date.now() < deadline) {
    state = (await page.evaluate(`(() => {
      const cards = [...document.querySelectorAll('.ann-list article')];
      const shown = cards.filter((c) => c.getBoundingClientRect().top < window.innerHeight);
      const ended = !!document.querySelector('.ann-end p');
      return { shown: shown.length, total: cards.length, ended };
    })()`)) as FeedState;
    if (state.shown >= FEED_SHOWN) return state;
    if (state.ended && state.shown >= state.total) break;
    await dismissModals(page);
    await page.evaluate('window.scrollBy(0, Math.round(window.innerHeight * 0.8))');
    await page.waitForTimeout(400);
  }
  throw new Error(`the feed showed ${state.shown} announcements, not ${FEED_SHOWN}`);
}

async function tab(page: Page, name: string) {
  await dismissModals(page);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** `SWIPES` swipes, a pass then a like, each done once the server got it and the deck is ready. */
async function swipe(page: Page) {
  let calls = 0;
  const onRequest = (req: { url(): string; method(): string }) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/swipe') calls += 1;
  };
  page.on('request', onRequest);
  try {
    await tab(page, 'Swipes');
    await page.waitForURL('**/swipes');
    const card = page.getByTestId('swipe-card');
    for (let i = 0; i < SWIPES; i += 1) {
      await card.waitFor({ timeout: 20_000 }).catch(async () => {
        if (await page.getByText('Plus de profils disponibles').isVisible()) {
          throw new Error(`the deck ran out after ${i} swipes`);
        }
        throw new Error(`no swipe card after ${i} swipes`);
      });
      const button = page.getByRole('button', {
        name: i % 2 === 0 ? 'Je passe' : "J'aime",
        exact: true,
      });
      await button.click({ timeout: 20_000 });
      const deadline = Date.now() + 20_000;
      while (calls < i + 1 && Date.now() < deadline) await page.waitForTimeout(100);
      if (calls < i + 1) throw new Error(`swipe ${i + 1} never reached the server`);
    }
  } finally {
    page.off('request', onRequest);
  }
}

/** From /chats into the conversation with `other`: `MESSAGES` texts, then a photo. */
async function chat(page: Page, other: Member, visit: string, photo: Buffer) {
  await tab(page, 'Chats');
  const row = page.getByTestId('chat-row').filter({ hasText: other.name });
  await row.getByRole('link').first().click({ timeout: 20_000 });
  await page.waitForURL(/\/chat\/\d+$/);
  await page.getByTestId('message-list').waitFor({ timeout: 20_000 });
  const box = page.getByRole('textbox', { name: 'Votre message...' });
  for (let i = 1; i <= MESSAGES; i += 1) {
    const text = `Message ${i} de la visite ${visit} : on se voit samedi au maquis ?`;
    await box.fill(text);
    await box.press('Enter');
    await page.getByTestId('message').filter({ hasText: text }).waitFor({ timeout: 20_000 });
  }
  const photosBefore = await page
    .getByTestId('message')
    .filter({ has: page.getByRole('img', { name: 'Photo', exact: true }) })
    .count();
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'maquis.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: "Retirer l'image" }).waitFor();
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const photos = page
    .getByTestId('message')
    .filter({ has: page.getByRole('img', { name: 'Photo', exact: true }) });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const decoded = (await page.evaluate(`[...document.querySelectorAll(
      '[data-testid="message"] img[alt="Photo"]')].filter((i) => i.complete && i.naturalWidth > 0).length`)) as number;
    if ((await photos.count()) > photosBefore && decoded > photosBefore) break;
    if (Date.now() > deadline) throw new Error('the photo was not shown as sent');
    await page.waitForTimeout(200);
  }
}

interface Visit {
  label: string;
  tally: Tally;
  /** navigator.connection.type as the page saw it. */
  connection: string;
  /** The service worker's script, measured from here (see `fetchLikeTheBrowser`). */
  swScript: { status: number; bytes: number } | null;
  /** What the byte counter between the browser and Caddy saw meanwhile. */
  wire: ReturnType<WireCounter['take']>;
}

interface Fetched {
  status: number;
  /** The request's header list, counted as the meter counts the browser's. */
  requestHeaderBytes: number;
  /** The response's, uncompressed (`name: value\r\n` each, `:status` included). */
  headerBytes: number;
  bodyBytes: number;
  encoding: string;
  etag: string;
}

/**
 * The browser loads the service worker's script (installing it, and checking it for an update
 * on a later day's open) out of DevTools' sight: the same request is made from here over
 * HTTP/2 to Caddy (not through the byte counter), with the browser's Accept-Encoding, and its
 * body's bytes as they come off the wire (no decompression). Its headers are counted
 * uncompressed both ways: an upper bound, as for every request header.
 */
function fetchLikeTheBrowser(
  front: Front,
  urlPath: string,
  acceptEncoding: string,
  etag = '',
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(front.caddyOrigin, { ca: front.certPem });
    session.on('error', reject);
    const headers: Record<string, string> = {
      ':method': 'GET',
      ':scheme': 'https',
      ':authority': new URL(front.origin).host,
      ':path': urlPath,
      'accept-encoding': acceptEncoding || 'gzip, deflate, br, zstd',
      'service-worker': 'script',
      'cache-control': 'max-age=0',
      'user-agent': USER_AGENT,
    };
    if (etag) headers['if-none-match'] = etag;
    const req = session.request(headers);
    let response: http2.IncomingHttpHeaders = {};
    let bodyBytes = 0;
    req.on('response', (h) => (response = h));
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('error', reject);
    req.on('end', () => {
      session.close();
      resolve({
        status: Number(response[':status'] ?? 0),
        requestHeaderBytes: headerSize(null, headers) ?? 0,
        headerBytes: headerSize(null, response) ?? 0,
        bodyBytes,
        encoding: String(response['content-encoding'] ?? 'none'),
        etag: String(response.etag ?? ''),
      });
    });
    req.end();
  });
}

async function runVisit(
  context: BrowserContext,
  front: Front,
  people: { me: Member; other: Member },
  first: boolean,
  photo: Buffer,
  /** The worker script's ETag, from the first visit to the returning one. */
  swState: { etag: string },
): Promise<Visit> {
  const baseUrl = front.origin;
  const page = await context.newPage();
  await handleInterruptions(page);
  const meter = new SessionMeter(baseUrl);
  await meter.attach(page, CONNECTION);
  const label = first ? 'first visit' : 'returning';
  // Whatever crossed between the visits (a connection closing) is neither's.
  front.wire.take();
  try {
    if (first) {
      await page.goto(`${baseUrl}/login`);
      await signIn(page, people.me);
    } else {
      await page.goto(`${baseUrl}/home`);
      // Still signed in, as the day before; should the session be gone, sign in again.
      await page.waitForURL(/\/(home|login)$/);
      if (page.url().endsWith('/login')) await signIn(page, people.me);
    }
    await scrollFeed(page);
    await swipe(page);
    await chat(page, people.other, label, photo);
    if (first) {
      // The install runs alongside; the first visit is over once the worker is active and done.
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      if (CONNECTION === 'wifi') {
        await page
          .locator('html[data-screens-cached]')
          .waitFor({ state: 'attached', timeout: 30_000 })
          .catch(() => undefined);
      }
    }
    await meter.settle(3_000);
    const connection = String(
      await page.evaluate(`navigator.connection ? String(navigator.connection.type) : 'unknown'`),
    );
    // Installed on the first visit; checked for an update on the next day's open (conditional:
    // If-None-Match with the ETag the first visit got).
    const wire = front.wire.take();
    const f = await fetchLikeTheBrowser(
      front,
      '/sw.js',
      meter.acceptEncoding,
      first ? '' : swState.etag,
    );
    if (first) swState.etag = f.etag;
    let swScript: Visit['swScript'] = null;
    if (!meter.saw('/sw.js')) {
      meter.addOutside(`${baseUrl}/sw.js`, { headerBytes: f.requestHeaderBytes }, f);
      swScript = {
        status: f.status,
        bytes: f.requestHeaderBytes + f.headerBytes + f.bodyBytes,
      };
    }
    return { label, tally: meter.take(), connection, swScript, wire };
  } finally {
    await meter.detach();
    await page.close();
  }
}

// --- Report ---------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** The heaviest addresses of a visit (query strings, ids and photo hashes folded together). */
function printLargest(v: Visit, count = 10) {
  const groups = new Map<string, { bytes: number; n: number }>();
  for (const item of v.tally.items) {
    const where =
      item.kind === 'frame'
        ? 'WebSocket frames and handshake'
        : !item.url
          ? '(address not known)'
          : new URL(item.url).pathname
              .replace(/\/\d+(?=\/|$)/g, '/:id')
              .replace(/\/[0-9a-f]{16,}(?=[-./]|$)/g, '/:hash');
    const key = `${item.category.padEnd(16)}${item.source === 'sw' ? 'sw ' : '   '}${where}`;
    const g = groups.get(key) ?? { bytes: 0, n: 0 };
    g.bytes += item.bytes;
    if (item.kind !== 'body') g.n += 1;
    groups.set(key, g);
  }
  console.log(`\nHeaviest, ${v.label} (sw: fetched by the service worker)`);
  const top = [...groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, count);
  for (const [key, g] of top) {
    console.log(`${kb(g.bytes).padStart(8)} KB ${String(g.n).padStart(4)}x  ${key}`);
  }
}

/** The precache list that the build wrote into sw.js. */
function precacheList(dist: string): string[] {
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{"revision":(?:null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map(
    (m) => `/${m[1]}`,
  );
}

function gzipSize(dist: string, urlPath: string): number {
  const file = path.join(dist, urlPath);
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0;
}

/** Responses counted for a same-origin path, by whom. */
function responsesFor(t: Tally, urlPath: string) {
  return t.items.filter((i) => i.kind === 'response' && new URL(i.url).pathname === urlPath);
}

function print(visits: [Visit, Visit], dist: string) {
  const [first, back] = visits;
  const row = (name: string, a: string, b: string) =>
    console.log(`${name.padEnd(34)}${a.padStart(14)}${b.padStart(14)}`);
  console.log(
    `\nTypical session: sign in, ${FEED_SHOWN} announcements, ${SWIPES} swipes, ` +
      `${MESSAGES} messages and a photo`,
  );
  console.log(
    `Phone 360x740 at 2x, mobile user agent, connection ${CONNECTION} ` +
      `(navigator.connection.type: ${first.connection})`,
  );
  console.log(
    "Through the deploy kit's front (Caddy, TLS, HTTP/2; bench/front.ts). Bytes both ways, from " +
      "Chromium's accounting: responses (HPACK-compressed headers and compressed bodies), " +
      'request headers (the header list as sent, uncompressed: an upper bound, HPACK sends ' +
      'less), request bodies (upload), WebSocket frames and handshake; KB = 1024 bytes\n',
  );
  row('category', 'first visit KB', 'returning KB');
  for (const c of CATEGORIES) row(c, kb(first.tally.bytes[c]), kb(back.tally.bytes[c]));
  row('total', kb(totalOf(first.tally)), kb(totalOf(back.tally)));
  row('budget', `≤ ${BUDGET_KB.first}`, `≤ ${BUDGET_KB.returning}`);
  const verdict = (t: Tally, budget: number) =>
    totalOf(t) <= budget * KB ? 'within budget' : 'OVER BUDGET';
  row(
    'verdict (request headers unpacked)',
    verdict(first.tally, BUDGET_KB.first),
    verdict(back.tally, BUDGET_KB.returning),
  );
  console.log('');
  row(
    '  of which request headers (n)',
    `${kb(first.tally.requestHeaders)} (${first.tally.requestsSent})`,
    `${kb(back.tally.requestHeaders)} (${back.tally.requestsSent})`,
  );
  row('  of which sent (all kinds)', kb(first.tally.sent), kb(back.tally.sent));
  row(
    '  of which by the service worker (n)',
    `${kb(first.tally.serviceWorker)} (${first.tally.serviceWorkerRequests})`,
    `${kb(back.tally.serviceWorker)} (${back.tally.serviceWorkerRequests})`,
  );
  const sw = (v: Visit) => (v.swScript ? `${kb(v.swScript.bytes)} (${v.swScript.status})` : '-');
  row('  of which sw.js, measured outside', sw(first), sw(back));
  row('responses that cost bytes', String(first.tally.requests), String(back.tally.requests));
  const encodings = (t: Tally) =>
    [...t.encodings.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([e, b]) => `${e} ${kb(b)} KB`)
      .join(', ');
  // The counting checked against the socket: what crossed between the browser and Caddy, with
  // TLS records, HTTP/2 frames and HPACK as they are (sw.js included, fetched by the browser).
  console.log(
    '\nOn the socket between the browser and Caddy (TLS included, TCP/IP headers aside):',
  );
  const wire = (v: Visit) => `${kb(v.wire.sent + v.wire.received)} (${kb(v.wire.sent)} up)`;
  row('  total (of which sent)', wire(first), wire(back));
  // What the member's data plan is charged for (TCP/IP headers aside): the budget's measure.
  const paid = (v: Visit, budget: number) =>
    v.wire.sent + v.wire.received <= budget * KB ? 'within budget' : 'OVER BUDGET';
  row(
    '  verdict on the wire (as paid)',
    paid(first, BUDGET_KB.first),
    paid(back, BUDGET_KB.returning),
  );
  // Request headers as HPACK really sent them, give or take TLS and HTTP/2 framing: what went up
  // the socket less the request bodies and WebSocket frames DevTools counted.
  const hpack = (v: Visit) => kb(v.wire.sent - (v.tally.sent - v.tally.requestHeaders));
  row('  request headers, from the socket', hpack(first), hpack(back));
  row('  new connections', String(first.wire.connections), String(back.wire.connections));
  console.log(
    `\nResponses (bodies with their HPACK headers) by content-encoding, first visit: ` +
      encodings(first.tally),
  );
  console.log(`Returning: ${encodings(back.tally)}`);
  for (const v of visits) printLargest(v);

  // The counting checked against the build. On a fresh profile every file the service worker
  // precaches crosses the network at least once, by the page or by the worker: one missing
  // would be a fetch the meter did not see.
  const precache = precacheList(dist);
  const precacheGzip = precache.reduce((sum, p) => sum + gzipSize(dist, p), 0);
  const counted = precache.map((p) => ({ p, responses: responsesFor(first.tally, p) }));
  const bodies = precache.reduce((sum, p) => sum + (first.tally.bodiesByPath.get(p) ?? 0), 0);
  const missing = counted.filter((c) => c.responses.length === 0).map((c) => c.p);
  const twice = counted.filter((c) => c.responses.length > 1).map((c) => c.p);
  const byWorker = counted.filter((c) => c.responses.some((r) => r.source === 'sw')).length;
  console.log(
    `\nCheck, first visit: the precache lists ${precache.length} files, ${kb(precacheGzip)} KB ` +
      `gzip on disk; ${precache.length - missing.length} crossed the network (${byWorker} ` +
      `fetched by the service worker), ${kb(bodies)} KB with their headers` +
      (twice.length ? `; twice (page, then worker): ${twice.join(', ')}` : '') +
      (missing.length ? `; NOT SEEN: ${missing.join(', ')}` : '; none unseen') +
      '.',
  );
  const built = [...first.tally.bodiesByPath.entries()].filter(
    ([p]) =>
      p !== '/' && fs.existsSync(path.join(dist, p)) && fs.statSync(path.join(dist, p)).isFile(),
  );
  const builtBodies = built.reduce((sum, [, b]) => sum + b, 0);
  const builtGzip = built.reduce((sum, [p]) => sum + gzipSize(dist, p), 0);
  console.log(
    `Check, first visit: ${built.length} files of the build crossed the network, ` +
      `${kb(builtBodies)} KB with their headers; the same files gzip on disk: ${kb(builtGzip)} KB.`,
  );
}

// --- Main -----------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first');
  }
  // The server gets its own copy of the build, so a rebuild meanwhile cannot change it.
  const webDist = makeTempDir('session-web');
  fs.cpSync(DIST, webDist, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-session-profile-'));
  // Members reach the app through the deploy kit's front: Caddy, TLS, HTTP/2 (front.ts).
  const ports = await frontPorts();
  const server = await startServer({
    env: {
      DEMO_SEED: 'on',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: publicUrlOf(ports),
      TRUST_PROXY: 'on',
    },
    readyTimeoutMs: 900_000,
  });
  let front: Front | null = null;
  let context: BrowserContext | null = null;
  try {
    front = await startFront(server.port, ports);
    // The members and their chat are made straight on the app: not part of the session.
    const me = await createMember(server.baseUrl, 'Ousmane', 'homme');
    const other = await createMember(server.baseUrl, 'Aminata', 'femme');
    await openChat(server.baseUrl, me, other);
    const photo = fs.readFileSync(CHAT_PHOTO);

    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...HEADLESS_CHROMIUM_ARGS,
        ...front.chromiumArgs,
        // navigator.connection.type, as on Android (the app reads it before fetching ahead).
        '--enable-blink-features=NetInfoDownlinkMax',
      ],
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: USER_AGENT,
      locale: 'fr-FR',
      timezoneId: 'Africa/Ouagadougou',
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(15_000);
    await context.grantPermissions(['geolocation'], { origin: front.origin });
    await context.setGeolocation(OUAGADOUGOU);
    // The blank tab the profile opens with is not the app.
    for (const p of context.pages()) await p.close();

    const people = { me, other };
    const swState = { etag: '' };
    const firstVisit = await runVisit(context, front, people, true, photo, swState);
    const returning = await runVisit(context, front, people, false, photo, swState);
    print([firstVisit, returning], webDist);
    const dump = process.env.SESSION_REQUESTS;
    if (dump) {
      const items = [firstVisit, returning].map((v) => ({ visit: v.label, items: v.tally.items }));
      fs.writeFileSync(dump, JSON.stringify(items, null, 1));
      console.log(`\nEvery request counted: ${dump}`);
    }
  } finally {
    await context?.close();
    await front?.stop();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
