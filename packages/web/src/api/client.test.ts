/** The one HTTP client: what each answer does to the session and where it sends the member. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, TOKEN_STORAGE_KEY } from '@app/shared';
import { sessionEndedBlocked } from '../auth/session';
import { firstError, hasMoreOf, setApiNavigator } from './client';
import { api, startEarly } from './transport';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let visited: string[];
let sent: { url: string; init: RequestInit }[];

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  visited = [];
  sent = [];
  setApiNavigator((to) => visited.push(to));
  localStorage.setItem(TOKEN_STORAGE_KEY, 'jeton-123');
  localStorage.setItem('device_hash', 'abc');
  localStorage.setItem('device_id', 'kept');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api()', () => {
  it('sends JSON with the token in the body and as a bearer header', async () => {
    answer(200, { success: true, data: { ok: 1 } });
    const res = await api<{ ok: number }>('/profile', { body: { a: 1 } });
    expect(res).toMatchObject({ success: true, httpStatus: 200, data: { ok: 1 } });
    const call = sent[0];
    expect(call?.url).toBe('/api/profile');
    expect(call?.init.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer jeton-123',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(call?.init.body))).toEqual({ token: 'jeton-123', a: 1 });
  });

  it('on 401 clears the token and device hash (not the device id) and goes to /login', async () => {
    answer(401, { success: false, message: 'Session expirée', action: 'redirect_login' });
    const res = await api('/chats');
    expect(res.success).toBe(false);
    expect(visited).toEqual(['/login']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('device_hash')).toBeNull();
    expect(localStorage.getItem('device_id')).toBe('kept');
    expect(sessionEndedBlocked()).toBe(false);
  });

  it('on 403 account_blocked clears the session and goes to /blocked', async () => {
    answer(403, { success: false, account_blocked: true, action: 'account_blocked' });
    await api('/chats');
    expect(visited).toEqual(['/blocked']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The guard, if it renders before the router moves, also sends to /blocked.
    expect(sessionEndedBlocked()).toBe(true);
  });

  it('leaves a plain 403 (forbidden) and public calls without a session alone', async () => {
    answer(403, { success: false, message: 'Accès refusé' });
    await api('/admin/members');
    answer(401, { success: false, message: 'Identifiants incorrects' });
    await api('/login', { body: { email: 'a@b.bf' }, anonymous: true });
    expect(visited).toEqual([]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jeton-123');
  });

  it("answers 'Erreur de connexion' when the network fails, keeping the session", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const res = await api('/chats');
    expect(res).toMatchObject({ success: false, httpStatus: 0, message: MSG.network });
    expect(MSG.network).toBe('Erreur de connexion');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jeton-123');
  });

  it('shows the first field error before the message', async () => {
    answer(400, {
      success: false,
      message: 'Données invalides',
      errors: { name: ['Le nom est requis'], bio: ['Trop long'] },
    });
    const res = await api('/profile/update');
    expect(firstError(res)).toBe('Le nom est requis');
    expect(res).toMatchObject({ success: false, httpStatus: 400, fromServer: true });
    expect(firstError({ message: 'Pièces insuffisantes' })).toBe('Pièces insuffisantes');
  });
});

describe('hasMoreOf', () => {
  const page = (has_more: boolean) => ({ page: 1, per_page: 20, has_more });
  const accepted = { success: true, httpStatus: 200, message: '' } as const;

  it('reads the has_more flag of a paginated answer', () => {
    expect(hasMoreOf({ ...accepted, pagination: page(true) })).toBe(true);
    expect(hasMoreOf({ ...accepted, pagination: page(false) }, true)).toBe(false);
  });

  it('falls back when the answer has no pagination, or is a refusal', () => {
    expect(hasMoreOf(accepted)).toBe(false);
    expect(hasMoreOf(accepted, true)).toBe(true);
    const refusal = { success: false, httpStatus: 500, message: 'x', fromServer: true } as const;
    expect(hasMoreOf(refusal, true)).toBe(true);
  });
});

describe('the envelope as the contract types it', () => {
  it('keeps the extra top-level fields of an answer and of a refusal', async () => {
    answer(200, { success: true, views: 4 });
    expect(await api('/stories/1/view')).toMatchObject({ success: true, views: 4 });
    answer(429, { success: false, message: 'Patientez', error: 'otp_cooldown', retry_after: 42 });
    expect(await api('/auth/resend-otp')).toMatchObject({
      success: false,
      httpStatus: 429,
      error: 'otp_cooldown',
      retry_after: 42,
      fromServer: true,
    });
  });

  it('takes a gateway page without our JSON as a refusal the server did not word', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    const res = await api('/chats');
    expect(res).toMatchObject({ success: false, httpStatus: 502, fromServer: false });
  });
});

describe('requests started early (boot.ts)', () => {
  it('the first same request takes the answer on its way: one fetch, the same answer', async () => {
    answer(200, { success: true, data: [{ id: 7 }] });
    startEarly('/announcements?page=1&per_page=5', { method: 'GET' });
    expect(sent).toHaveLength(1);
    const res = await api('/announcements?page=1&per_page=5', { method: 'GET' });
    expect(sent).toHaveLength(1);
    expect(res).toMatchObject({ success: true, data: [{ id: 7 }] });
    // Once: the next call asks afresh.
    await api('/announcements?page=1&per_page=5', { method: 'GET' });
    expect(sent).toHaveLength(2);
  });

  it('another path, body or session is another request', async () => {
    answer(200, { success: true });
    startEarly('/verify-auth-status', { method: 'POST', body: {} });
    await api('/verify-auth-status', { method: 'POST', body: { x: 1 } });
    expect(sent).toHaveLength(2);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'autre-jeton');
    await api('/verify-auth-status', { method: 'POST', body: {} });
    expect(sent).toHaveLength(3);
    expect(sent[2]?.init.body).toContain('autre-jeton');
  });

  it('an answer nobody took within 15 s is left, and a failed one is asked again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answer(200, { success: true });
      startEarly('/notifications', { method: 'GET' });
      vi.setSystemTime(Date.now() + 16_000);
      await api('/notifications', { method: 'GET' });
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    startEarly('/profile', { method: 'GET' });
    await Promise.resolve();
    answer(200, { success: true, data: { id: 1 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(await api('/profile', { method: 'GET' })).toMatchObject({ data: { id: 1 } });
  });
});
