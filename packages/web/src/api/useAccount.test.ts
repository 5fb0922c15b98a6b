import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_PUSH_WAIT_MS, logout } from './useAccount';

// What happened, in order: the push unsubscription, the server calls, the local sign-out.
const events: string[] = [];
let unsubscribe: () => Promise<void> = () => Promise.resolve();

vi.mock('./transport', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./transport')>()),
  api: (path: string) => {
    events.push(path);
    return Promise.resolve({ success: true, httpStatus: 200, message: '' });
  },
}));
vi.mock('../lib/notifications/pushSubscription', () => ({
  unsubscribePush: () => {
    events.push('push: start');
    return unsubscribe();
  },
}));
vi.mock('../auth/session', () => ({
  getToken: () => 'jeton',
  clearSession: () => events.push('session cleared'),
  onSessionEnd: () => () => undefined,
  memberDataForgotten: () => {
    events.push('member data forgotten');
    return Promise.resolve();
  },
}));

beforeEach(() => {
  events.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signing out', () => {
  it('ends the push subscription before the session is revoked, then clears the session', async () => {
    unsubscribe = async () => {
      await Promise.resolve();
      events.push('push: done');
    };
    await logout();
    expect(events).toEqual([
      'push: start',
      'push: done',
      '/logout',
      'session cleared',
      'member data forgotten',
    ]);
  });

  it('still signs out when ending the push subscription fails', async () => {
    unsubscribe = () => Promise.reject(new Error('réseau'));
    await logout();
    expect(events).toEqual(['push: start', '/logout', 'session cleared', 'member data forgotten']);
  });

  it('does not wait for a push unsubscription that never answers', async () => {
    vi.useFakeTimers();
    unsubscribe = () => new Promise<void>(() => undefined);
    let done = false;
    const leaving = logout().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(LOGOUT_PUSH_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await leaving;
    expect(events).toEqual(['push: start', '/logout', 'session cleared', 'member data forgotten']);
  });
});
