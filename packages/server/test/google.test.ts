/**
 * Google sign-in against a real local OpenID provider (oidc-provider with its development
 * login and consent pages, driven over HTTP like a browser would): start → provider → code →
 * finish → verified identity; replayed, expired and unknown states refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MSG } from '@app/shared';
import { createGoogleAuth, type GoogleAuth } from '../src/adapters/google/index.js';
import { oauthStateStore } from '../src/modules/auth/index.js';
import { ConfigError } from '../src/config/index.js';
import type { Db } from '../src/db/db.js';
import { createKysely } from '../src/db/kysely.js';
import { createTestApp, freshDb, testConfig, type TestApp } from './helpers.js';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/auth/google/callback`;
const CLIENT = { id: 'rencontre-test', secret: 'secret-de-test-rencontre' };

interface OidcProvider {
  callback(): http.RequestListener;
}

// oidc-provider prints its development-mode warnings (and one about Node 20) on the console.
for (const method of ['warn', 'info'] as const) {
  // eslint-disable-next-line no-console -- passes on everything but those warnings
  const original = console[method].bind(console);
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider')) original(...args);
  });
}

/**
 * A provider on 127.0.0.1. Any login is accepted (devInteractions); accounts whose id starts
 * with "nonverifie" have an unverified e-mail. `emailInIdToken` false puts the e-mail in
 * UserInfo only, as the core spec does.
 */
async function startProvider(emailInIdToken: boolean) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // @ts-expect-error: oidc-provider ships no type declarations
  const { default: Provider } = await import('oidc-provider');
  const provider: OidcProvider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['cle-de-test-des-cookies'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !emailInIdToken,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@Exemple.bf`,
          email_verified: !id.startsWith('nonverifie'),
          name: 'Awa Ouédraogo',
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Plays the browser: follows redirects keeping cookies, submits the login form with `login`
 * and the consent form, until the provider redirects to our callback. Returns that URL.
 */
async function signInAtProvider(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`page inattendue (${res.status}) : ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'peu-importe' } : { prompt },
    );
  }
  throw new Error('trop de redirections');
}

function googleFor(issuer: string, db: Db): GoogleAuth {
  const config = testConfig({
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    GOOGLE_ISSUER: issuer,
    PUBLIC_URL,
  });
  const google = createGoogleAuth(config, oauthStateStore(createKysely(db)));
  if (!google) throw new Error('Google devrait être configuré');
  return google;
}

/** The callback's query as the SPA posts it: code and state only. */
function callbackParams(url: URL) {
  return { code: url.searchParams.get('code') ?? '', state: url.searchParams.get('state') ?? '' };
}

const refused = (status: number, message: string = AUTH_MSG.googleFailed) => ({
  code: expect.stringMatching(/^google_/),
  status,
  message,
});

describe('Google sign-in', () => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  let db: Db;
  let googleLike: Awaited<ReturnType<typeof startProvider>>;
  let strict: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    fresh = await freshDb();
    db = fresh.db;
    [googleLike, strict] = await Promise.all([startProvider(true), startProvider(false)]);
  });
  afterAll(async () => {
    await Promise.all([googleLike.close(), strict.close()]);
    await fresh.drop();
  });

  it('signs in through the provider and returns the verified identity', async () => {
    const google = googleFor(googleLike.issuer, db);
    const { redirectUrl } = await google.start('appareil-123');
    const auth = new URL(redirectUrl);
    expect(auth.origin).toBe(googleLike.issuer);
    expect(auth.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('scope')).toBe('openid email profile');
    const stored = await db.query('SELECT device_hash FROM oauth_states WHERE state = $1', [
      auth.searchParams.get('state'),
    ]);
    expect(stored).toEqual([{ device_hash: 'appareil-123' }]);

    const callback = await signInAtProvider(redirectUrl, 'awa');
    const params = callbackParams(callback);
    expect(params.state).toBe(auth.searchParams.get('state'));
    const identity = await google.finish(params);
    expect(identity).toEqual({
      sub: 'awa',
      email: 'awa@exemple.bf',
      emailVerified: true,
      name: 'Awa Ouédraogo',
      deviceHash: 'appareil-123',
    });
    expect(await db.query('SELECT 1 FROM oauth_states WHERE state = $1', [params.state])).toEqual(
      [],
    );
  });

  it('refuses a replayed state', async () => {
    const google = googleFor(googleLike.issuer, db);
    const { redirectUrl } = await google.start(null);
    const params = callbackParams(await signInAtProvider(redirectUrl, 'ibrahim'));
    await expect(google.finish(params)).resolves.toMatchObject({
      sub: 'ibrahim',
      deviceHash: null,
    });
    await expect(google.finish(params)).rejects.toMatchObject(refused(400));
  });

  it('reads the e-mail from UserInfo when the ID token does not carry it', async () => {
    const google = googleFor(strict.issuer, db);
    const { redirectUrl } = await google.start(null);
    const callback = await signInAtProvider(redirectUrl, 'fatou');
    // This SPA forwards the provider's `iss` (RFC 9207).
    const identity = await google.finish({
      ...callbackParams(callback),
      iss: callback.searchParams.get('iss'),
    });
    expect(identity).toMatchObject({
      sub: 'fatou',
      email: 'fatou@exemple.bf',
      emailVerified: true,
    });
  });

  it('refuses an account whose e-mail is not verified', async () => {
    const google = googleFor(googleLike.issuer, db);
    const { redirectUrl } = await google.start(null);
    const callback = await signInAtProvider(redirectUrl, 'nonverifie-moussa');
    await expect(google.finish(callbackParams(callback))).rejects.toMatchObject(refused(401));
  });

  it('refuses a state older than 10 minutes and forgets it', async () => {
    const google = googleFor(googleLike.issuer, db);
    const { redirectUrl } = await google.start(null);
    const state = new URL(redirectUrl).searchParams.get('state') ?? '';
    const callback = await signInAtProvider(redirectUrl, 'awa');
    await db.query(
      `UPDATE oauth_states SET created_at = now() - interval '11 minutes' WHERE state = $1`,
      [state],
    );
    await expect(google.finish(callbackParams(callback))).rejects.toMatchObject(refused(400));
    expect(await db.query('SELECT 1 FROM oauth_states WHERE state = $1', [state])).toEqual([]);
  });

  it('purges expired states when a new sign-in starts', async () => {
    await db.query(
      `INSERT INTO oauth_states (state, code_verifier, nonce, created_at)
       VALUES ('vieux', 'v', 'n', now() - interval '1 hour')`,
    );
    await googleFor(googleLike.issuer, db).start(null);
    expect(await db.query(`SELECT 1 FROM oauth_states WHERE state = 'vieux'`)).toEqual([]);
  });

  it('refuses an unknown state and a forged code', async () => {
    const google = googleFor(googleLike.issuer, db);
    await expect(google.finish({ code: 'abc', state: 'inconnu' })).rejects.toMatchObject(
      refused(400),
    );
    const { redirectUrl } = await google.start(null);
    const state = new URL(redirectUrl).searchParams.get('state') ?? '';
    await expect(google.finish({ code: 'code-invente', state })).rejects.toMatchObject(
      refused(401),
    );
  });

  it('answers the French start error when the provider cannot be reached', async () => {
    const google = googleFor('http://127.0.0.1:1', db);
    await expect(google.start(null)).rejects.toMatchObject(refused(503, AUTH_MSG.googleInit));
  });

  it('is absent without GOOGLE_* and refuses a plain-http issuer in production', () => {
    expect(createGoogleAuth(testConfig(), oauthStateStore(createKysely(db)))).toBeNull();
    const production = testConfig({
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_ISSUER: 'http://127.0.0.1:1',
    });
    expect(() => createGoogleAuth(production, oauthStateStore(createKysely(db)))).toThrow(
      ConfigError,
    );
  });
});

describe('Google sign-in through the API', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    provider = await startProvider(true);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_ISSUER: provider.issuer,
      PUBLIC_URL,
    });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all([t.close(), bare.close(), provider.close()]);
  });

  /** Starts a sign-in as a browser would: the answer, and the cookie header it would send back. */
  const startIn = async (device: string) => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google?device_hash=${device}`,
    });
    expect(start.json().success).toBe(true);
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { start, cookie, redirectUrl: start.json().redirect_url as string };
  };
  const callback = (params: object, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: params,
      headers: cookie ? { cookie } : {},
    });

  const roundTrip = async (login: string, device: string) => {
    const { cookie, redirectUrl } = await startIn(device);
    const back = await signInAtProvider(redirectUrl, login);
    return callback({ ...callbackParams(back), device_hash: device }, cookie);
  };

  it('binds the flow to the browser with a signed, HttpOnly, SameSite=Lax cookie', async () => {
    const { start, cookie, redirectUrl } = await startIn('browser-google-cookie');
    const state = new URL(redirectUrl).searchParams.get('state') ?? '';
    const [set] = start.cookies;
    expect(set).toMatchObject({
      name: 'rencontre_google_state',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
    // Signed: the state followed by a signature, not the bare state.
    expect(set?.value.startsWith(`${state}.`)).toBe(true);
    const back = await signInAtProvider(redirectUrl, 'cookie-google');
    const res = await callback(callbackParams(back), cookie);
    expect(res.statusCode).toBe(200);
    // One use: the answer clears the cookie.
    expect(res.cookies.find((c) => c.name === 'rencontre_google_state')?.value).toBe('');
  });

  it("refuses a callback whose state is not this browser's cookie (login CSRF)", async () => {
    // The attacker signs in to their own Google account and stops before the callback...
    const attacker = await startIn('browser-attaquant');
    const stolen = callbackParams(await signInAtProvider(attacker.redirectUrl, 'attaquant'));
    const sessionsBefore = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions',
    );
    // ...then pushes that code and state into a victim's browser: without a cookie,
    const bare = await callback(stolen, '');
    // with the victim's own flow's cookie,
    const victim = await startIn('browser-victime');
    const crossed = await callback(stolen, victim.cookie);
    // or with the attacker's state in an unsigned cookie.
    const forged = await callback(stolen, `rencontre_google_state=${stolen.state}`);
    for (const res of [bare, crossed, forged]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.googleFailed });
    }
    const sessionsAfter = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions',
    );
    expect(sessionsAfter[0]?.n).toBe(sessionsBefore[0]?.n);
    expect(
      await t.db.query('SELECT 1 FROM users WHERE email = $1', ['attaquant@exemple.bf']),
    ).toEqual([]);
    // Refusals spend nothing: the browser that started the flow still finishes it.
    expect((await callback(stolen, attacker.cookie)).statusCode).toBe(200);
  });

  it('creates a verified account with the signup gift, then signs the same account in', async () => {
    const first = await roundTrip('awa-google', 'browser-google-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { action: 'redirect_complete_profile', profile_complete: false },
    });
    const rows = await t.db.query<{ id: number; coins: number; email_verified_at: Date | null }>(
      'SELECT id, coins, email_verified_at FROM users WHERE email = $1',
      ['awa-google@exemple.bf'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.coins).toBe(100);
    expect(rows[0]?.email_verified_at).not.toBeNull();
    // The same account from a second phone: both devices are recorded for it.
    const again = await roundTrip('awa-google', 'browser-google-1b');
    expect(again.statusCode).toBe(200);
    const devices = await t.db.query<{ device_hash: string }>(
      'SELECT device_hash FROM user_devices WHERE user_id = $1 ORDER BY device_hash',
      [rows[0]?.id ?? 0],
    );
    expect(devices.map((d) => d.device_hash)).toEqual(['browser-google-1', 'browser-google-1b']);
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE email = $1',
      ['awa-google@exemple.bf'],
    );
    expect(count[0]?.n).toBe(1);
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/verify-auth-status',
      payload: { token: again.json().data.token },
    });
    expect(status.json().action).toBe('redirect_complete_profile');
  });

  const register = async (email: string, device: string) => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Karite-Soleil-9', device_hash: device },
    });
    expect(reg.statusCode).toBe(201);
    return reg.json().data.token as string;
  };
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Karite-Soleil-9', device_hash: 'x' },
    });
  const statusOf = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/verify-auth-status', payload: { token } }))
      .statusCode;

  it('takes over an account whose e-mail was never verified: its password and sessions end', async () => {
    // Someone registered this address first, without being able to read its mail.
    const squatterToken = await register('moussa-google@exemple.bf', 'browser-google-2');
    expect(await statusOf(squatterToken)).toBe(200);
    const res = await roundTrip('moussa-google', 'browser-google-2b');
    expect(res.statusCode).toBe(200);
    const rows = await t.db.query<{
      google_sub: string | null;
      email_verified_at: Date | null;
      password_hash: string | null;
      coins: number;
    }>('SELECT google_sub, email_verified_at, password_hash, coins FROM users WHERE email = $1', [
      'moussa-google@exemple.bf',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.google_sub).toBe('moussa-google');
    expect(rows[0]?.email_verified_at).not.toBeNull();
    expect(rows[0]?.password_hash).toBeNull();
    // The signup gift the e-mail code would have given, and the day's sign-in bonus.
    expect(rows[0]?.coins).toBe(110);
    expect(await statusOf(squatterToken)).toBe(401);
    expect((await login('moussa-google@exemple.bf')).statusCode).toBe(401);
    expect(await statusOf(res.json().data.token)).toBe(200);
  });

  it('links Google to a verified account keeping its password and sessions', async () => {
    const token = await register('salif-google@exemple.bf', 'browser-google-4');
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [
      'salif-google@exemple.bf',
    ]);
    const res = await roundTrip('salif-google', 'browser-google-4');
    expect(res.statusCode).toBe(200);
    const rows = await t.db.query<{ google_sub: string | null; password_hash: string | null }>(
      'SELECT google_sub, password_hash FROM users WHERE email = $1',
      ['salif-google@exemple.bf'],
    );
    expect(rows[0]?.google_sub).toBe('salif-google');
    expect(rows[0]?.password_hash).not.toBeNull();
    expect(await statusOf(token)).toBe(200);
    expect((await login('salif-google@exemple.bf')).statusCode).toBe(200);
  });

  it('refuses a blocked account with account_blocked and opens no session', async () => {
    await register('bloque-google@exemple.bf', 'browser-google-5');
    await t.db.query('UPDATE users SET blocked_at = now() WHERE email = $1', [
      'bloque-google@exemple.bf',
    ]);
    const sessionsBefore = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions',
    );
    const res = await roundTrip('bloque-google', 'browser-google-5');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      account_blocked: true,
      action: 'account_blocked',
      message: 'Votre compte a été bloqué.',
    });
    expect(res.json().data?.token).toBeUndefined();
    const sessionsAfter = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions',
    );
    expect(sessionsAfter[0]?.n).toBe(sessionsBefore[0]?.n);
  });

  it('refuses an unverified Google e-mail and a forged state', async () => {
    const res = await roundTrip('nonverifie-google', 'browser-google-3');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.googleFailed });
    const { cookie } = await startIn('browser-google-3b');
    const forged = await callback({ code: 'x', state: 'inconnu' }, cookie);
    expect(forged.statusCode).toBe(400);
  });

  it('answers success false with the spec message when Google is not configured', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/auth/google?device_hash=x' });
    expect(res.json()).toMatchObject({
      success: false,
      message: "Erreur lors de l'initialisation Google.",
    });
  });
});
