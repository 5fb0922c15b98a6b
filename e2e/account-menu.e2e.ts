/**
 * The account menu's actions in a real browser, each checked on the server too: the invite
 * modal (code and copy confirmation), 'Mode anonyme' on and off (the member leaves and comes
 * back to another member's 'À proximité'), 'Déconnexion' (the session is revoked), 'Supprimer
 * mon compte' (the data export, then the account can no longer sign in), and the top bar's
 * avatar following a photo change made on /edit-profile.
 */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { baseUrl, request } from './support/harness.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';

/** The password createMemberViaApi signs every member up with. */
const PASSWORD = 'Baobab-Fleuri-77';

/** The generated part of a photo address: the same photo under every variant. */
const photoIdOf = (src: string | null) =>
  /\/([0-9a-f]{32})-(?:thumb|card|full)\.webp/.exec(src ?? '')?.[1];

/** An authenticated JSON call whose answer the test reads (callApi throws on a refusal). */
async function post<T>(path: string, body: object, member: E2EMember) {
  const res = await request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: T } };
}

/** A spot far from every other member of the run (rounded like the server stores it). */
function lonelySpot() {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { latitude: round(20 + Math.random() * 4), longitude: round(2 + Math.random() * 4) };
}

const toast = (page: Page, text: string) => page.locator('.toasts', { hasText: text });

describe('account menu', () => {
  it('shows the invitation code and confirms its copy for 2 s', async () => {
    const awa = await createMemberViaApi('Awa');
    const own = await post<{ invitation_code: string }>('/profile', {}, awa);
    const code = own.body.data.invitation_code;
    expect(code).toBeTruthy();

    const page = await signedInPage(awa);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Inviter des amis' }).click();
    const modal = page.getByRole('dialog', { name: 'Inviter des amis' });
    await expect.poll(() => modal.getByTestId('invitation-code').textContent()).toBe(code);
    await modal.getByText(`/signup?code=${encodeURIComponent(code)}`).waitFor();

    await modal.getByRole('button', { name: 'Copier le code' }).click();
    await modal.getByRole('button', { name: 'Copié !' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(code);
    // Only the code's button says so, and only for a while.
    await modal.getByRole('button', { name: 'Copier le lien' }).waitFor();
    await modal.getByRole('button', { name: 'Copier le code' }).waitFor({ timeout: 10_000 });
    expect(await modal.getByRole('button', { name: 'Copié !' }).count()).toBe(0);
  });

  it('turns anonymous mode on and off, leaving and rejoining nearby', async () => {
    const [awa, issa] = await Promise.all([
      createMemberViaApi('Awa'),
      createMemberViaApi('Issa', 'homme'),
    ]);
    const spot = lonelySpot();
    await callApi('/location/update', spot, awa.token);
    await callApi('/location/update', spot, issa.token);
    const nearbyIds = async () => {
      const res = await post<{ id: number }[]>('/location/nearby', { ...spot, radius: 5 }, issa);
      return res.body.data.map((u) => u.id);
    };
    expect(await nearbyIds()).toContain(awa.id);

    const page = await signedInPage(awa);
    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Mon compte' });
    const entry = (state: 'Activé' | 'Désactivé') =>
      menu.getByRole('button', { name: `Mode anonyme ${state}`, exact: true });
    await entry('Désactivé').click();
    const sheet = page.getByRole('dialog', { name: 'Mode anonyme' });
    await sheet.getByRole('button', { name: 'Activer', exact: true }).click();
    await toast(page, 'Mode anonyme activé').waitFor();
    await sheet.waitFor({ state: 'detached' });
    await entry('Activé').waitFor();
    expect(await nearbyIds()).not.toContain(awa.id);

    // The flag is the server's: a fresh load still shows it on.
    await page.reload();
    await entry('Activé').click();
    await sheet.getByRole('button', { name: 'Désactiver', exact: true }).click();
    await toast(page, 'Mode anonyme désactivé').waitFor();
    await sheet.waitFor({ state: 'detached' });
    await entry('Désactivé').waitFor();
    expect(await nearbyIds()).toContain(awa.id);
  });

  it('signs out: the session is revoked on the server and the app is on /login', async () => {
    const awa = await createMemberViaApi('Awa');
    expect((await post('/profile', {}, awa)).status).toBe(200);
    const page = await signedInPage(awa);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    expect((await post('/profile', {}, awa)).status).toBe(401);
  });

  it('downloads the data, then deletes the account, which can no longer sign in', async () => {
    const awa = await createMemberViaApi('Awa');
    const page = await signedInPage(awa);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await dialog.getByText('Cette action est irréversible.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rencontre-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as {
      account: { id: number; email: string; name: string; locality: string };
    };
    expect(data.account).toMatchObject({
      id: awa.id,
      email: awa.email,
      name: 'Awa',
      locality: 'Ouagadougou, Burkina Faso',
    });

    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await toast(page, 'Votre compte a été supprimé.').waitFor();
    expect((await post('/profile', {}, awa)).status).toBe(401);

    await page.getByLabel('Email').fill(awa.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Email ou mot de passe incorrect.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the new photo and name in the top bar after editing the profile', async () => {
    const awa = await createMemberViaApi('Awa');
    const page = await quietPage(awa);
    await page.goto('/home');
    const avatar = page.getByTestId('top-bar-profile');
    await expect.poll(() => avatar.getAttribute('aria-label')).toBe('Mon profil : Awa');
    const before = photoIdOf(await avatar.locator('img').getAttribute('src'));
    expect(before).toBeTruthy();

    await avatar.click();
    await page.waitForURL('**/profile');
    await page.getByRole('link', { name: 'Modifier mon profil' }).click();
    await page.waitForURL('**/edit-profile');
    await page.locator('label.edit-photo-btn input[type="file"]').setInputFiles({
      name: 'nouvelle.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 640, height: 640, channels: 3, background: '#d97706' },
      })
        .jpeg()
        .toBuffer(),
    });
    await page.getByRole('dialog', { name: 'Recadrez votre photo' }).waitFor();
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Photo mise à jour !').waitFor();
    await page.getByLabel('Nom').fill('Awa Traoré');
    await page.getByRole('button', { name: 'Sauvegarder les changements' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Profil mis à jour avec succès !').waitFor();
    const after = photoIdOf(await page.getByTestId('account-photo').getAttribute('src'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    // Back on /home without a reload: the top bar follows at once.
    await page.getByRole('link', { name: 'Retour' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => avatar.getAttribute('aria-label')).toBe('Mon profil : Awa Traoré');
    await expect
      .poll(async () => photoIdOf(await avatar.locator('img').getAttribute('src')))
      .toBe(after);
    // And from the server after a reload.
    await page.reload();
    await expect.poll(() => avatar.getAttribute('aria-label')).toBe('Mon profil : Awa Traoré');
    await expect
      .poll(async () => photoIdOf(await avatar.locator('img').getAttribute('src')))
      .toBe(after);
  }, 60_000);
});
