import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPushSubscribed, unsubscribePush } from './pushSubscription';

const KEY = 'BAECAw'; // the bytes 4, 1, 2, 3 in base64url
const calls: { path: string; body: unknown }[] = [];
let serverUp = true;
/** Endpoints the server says another member owns (409). */
const taken = new Set<string>();

vi.mock('../../api/transport', () => ({
  api: (path: string, opts: { body?: unknown } = {}) => {
    calls.push({ path, body: opts.body });
    if (!serverUp)
      return Promise.resolve({ success: false, httpStatus: 0, message: '', fromServer: false });
    const endpoint = (opts.body as { subscription?: { endpoint?: string } } | undefined)
      ?.subscription?.endpoint;
    if (endpoint && taken.has(endpoint))
      return Promise.resolve({ success: false, httpStatus: 409, message: '', fromServer: false });
    const data = path === '/push/public-key' ? { public_key: KEY } : undefined;
    return Promise.resolve({ success: true, httpStatus: 200, message: '', data });
  },
}));
vi.mock('../../auth/session', () => ({ getToken: () => 'jeton' }));

/** This browser's push subscription, as the service worker's PushManager holds it. */
function fakeBrowser(permission: NotificationPermission) {
  // Each new subscription gets a new endpoint, as in browsers.
  const state = { subscribed: true, unsubscribed: 0, endpoint: 'https://push.example/abc' };
  const sub = {
    get endpoint() {
      return state.endpoint;
    },
    options: { applicationServerKey: new Uint8Array([4, 1, 2, 3]).buffer },
    toJSON: () => ({ endpoint: state.endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: () => {
      state.subscribed = false;
      state.unsubscribed += 1;
      return Promise.resolve(true);
    },
  };
  const pushManager = {
    getSubscription: () => Promise.resolve(state.subscribed ? sub : null),
    subscribe: () => {
      if (!state.subscribed) state.endpoint = `https://push.example/new${state.unsubscribed}`;
      state.subscribed = true;
      return Promise.resolve(sub);
    },
  };
  vi.stubGlobal('window', { Notification: {}, PushManager: {} });
  vi.stubGlobal('Notification', { permission });
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: () => Promise.resolve({ pushManager }),
      addEventListener: () => undefined,
    },
  });
  return state;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  calls.length = 0;
  serverUp = true;
  taken.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push subscription of this browser', () => {
  it('on sign-out, tells the server which subscription to forget and drops it', async () => {
    const browser = fakeBrowser('granted');
    await unsubscribePush();
    expect(calls).toEqual([
      { path: '/push/unsubscribe', body: { endpoint: 'https://push.example/abc' } },
    ]);
    expect(browser.subscribed).toBe(false);
  });

  it('on sign-out, drops it in the browser even when the server cannot be reached', async () => {
    const browser = fakeBrowser('granted');
    serverUp = false;
    await unsubscribePush();
    expect(browser.unsubscribed).toBe(1);
  });

  it('subscribes whoever signs in on a browser already allowed to notify, once per member', async () => {
    fakeBrowser('granted');
    keepPushSubscribed(41);
    keepPushSubscribed(41);
    await settle();
    const saved = calls.filter((c) => c.path === '/push/subscribe');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toMatchObject({
      subscription: { endpoint: 'https://push.example/abc' },
    });

    // The member signs out and another signs in: subscribed again, for the new member.
    await unsubscribePush();
    keepPushSubscribed(42);
    await settle();
    expect(calls.filter((c) => c.path === '/push/subscribe')).toHaveLength(2);
  });

  it('leaves a browser that was never asked (or refused) alone', async () => {
    fakeBrowser('default');
    keepPushSubscribed(43);
    fakeBrowser('denied');
    keepPushSubscribed(44);
    await settle();
    expect(calls).toEqual([]);
  });

  it('takes a new endpoint when the server keeps this one for another member', async () => {
    const browser = fakeBrowser('granted');
    taken.add('https://push.example/abc');
    keepPushSubscribed(45);
    await settle();
    await settle();
    const saved = calls.filter((c) => c.path === '/push/subscribe');
    expect(saved.map((c) => c.body)).toMatchObject([
      { subscription: { endpoint: 'https://push.example/abc' } },
      { subscription: { endpoint: 'https://push.example/new1' } },
    ]);
    expect(browser.unsubscribed).toBe(1);
  });
});
