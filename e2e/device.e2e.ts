/**
 * The device rule in a real browser (one account per device, README "device rule"). The hash a
 * browser sends must survive the end of a session: clearSession removes the cached
 * 'device_hash' on every 401, and the hash is then derived again from the device id it keeps.
 * In one browser: a member signs up; the session ends; a second sign-up is refused
 * (device_already_registered); once an admin blocks the first account, a third sign-up is
 * created blocked (account_created_but_blocked) and lands on /blocked.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, request } from './support/harness.js';
import { signInAdmin } from './support/admin.js';

const PASSWORD = 'Karite-Soleil-2025';

interface MemberRow {
  id: number;
  email: string;
  blocked: boolean;
}

async function adminToken(): Promise<string> {
  return (await signInAdmin()).token;
}

async function adminGet<T>(token: string, path: string): Promise<T> {
  const res = await request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const membersNamed = (token: string, email: string) =>
  adminGet<MemberRow[]>(token, `/admin/members?q=${encodeURIComponent(email)}`);

async function signUp(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** A value of the page's local storage (evaluated in the page, which has the DOM). */
const stored = (page: Page, key: string) =>
  page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);

describe('device rule in the browser', () => {
  it(
    'refuses a second account after a sign-out, and blocks one made once the device is blocked',
    { timeout: 90_000 },
    async () => {
      const admin = await adminToken();
      const stamp = Date.now();
      const emailOf = (n: string) => `appareil.${n}.${stamp}@exemple.bf`;
      const [first, second, third] = [
        emailOf('premier'),
        emailOf('deuxieme'),
        emailOf('troisieme'),
      ];
      const page = await newPage({ serviceWorkers: 'block' });
      // Its own address, so the sign-up limit per address is not shared with other specs.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.66.${stamp % 250}.7` });

      await signUp(page, first);
      await page.waitForURL('**/verify-otp', { timeout: 15_000 });
      const hash = await stored(page, 'device_hash');
      expect(hash).toMatch(/^browser-[A-Za-z0-9_-]{20}$/);

      // The session ends on the server; the next guarded screen gets a 401 and clears it.
      const token = await stored(page, 'token');
      const out = await request('/api/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(out.status).toBe(200);
      await page.goto('/home');
      await page.waitForURL('**/login', { timeout: 15_000 });
      await expect.poll(() => stored(page, 'token')).toBeNull();
      expect(await stored(page, 'device_hash')).toBeNull();

      // Same browser, new e-mail: the server sees the same device and refuses.
      await signUp(page, second);
      await page.getByText('Impossible de créer un nouveau compte.').waitFor();
      expect(page.url()).toMatch(/\/signup$/);
      expect(await stored(page, 'device_hash')).toBe(hash);
      expect(await membersNamed(admin, second)).toEqual([]);
      const [owner] = await membersNamed(admin, first);
      expect(owner?.email).toBe(first);
      const detail = await adminGet<{ device: { hash: string; refusals: number } }>(
        admin,
        `/admin/members/${owner?.id}`,
      );
      expect(detail.device).toMatchObject({ hash, refusals: 1 });

      // An admin blocks the first account: an account made on that device starts blocked.
      const block = await request(`/api/admin/members/${owner?.id}/block`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ reason: 'Test e2e : appareil bloqué' }),
      });
      expect(block.status).toBe(200);
      await signUp(page, third);
      await page.getByText('Votre compte a été bloqué.').first().waitFor();
      await page.waitForURL('**/blocked', { timeout: 10_000 });
      const [made] = await membersNamed(admin, third);
      expect(made).toMatchObject({ email: third, blocked: true });
    },
  );
});
