/**
 * Safety in the member's hands (issue 29), end to end. Each flow happens in a spot of its own,
 * far from the towns of the other files, so only its members are around:
 * - Awa blocks Blaise from his swipe card: the card moves on, and the server lists the block
 *   and never offers Blaise again;
 * - Awa reports Chantal from her nearby sheet (the report says it came from 'nearby'), then
 *   opens the report sheet again from Chantal's row in the list (« ⋯ ») and follows its
 *   « Conseils de sécurité » to « Sécurité »;
 * - Dédé chooses « Qui peut m'écrire : Mes matchs uniquement » on « Confidentialité »; Éric, a
 *   stranger, is refused in French when he writes to her from her nearby sheet;
 * - « Sécurité » opens from the account menu and from the first message of a new chat;
 * - Gina stops seeing Hawa (« Ne plus voir ce profil ») from their chat's menu: the chat leaves
 *   Gina's list, on her other device too; Hawa, who has it open, can still read it but no
 *   longer write into it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, request } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { openChat } from './support/chats.js';
import { quietPage } from './support/quiet-page.js';
import { offeredIds } from './support/swipes.js';

/** Screens wait for the phone's position and pace their fetches: poll long enough. */
const POLL = { timeout: 15_000 };

/** A spot of its own for one flow (rounded like the server stores it). */
function lonelySpot() {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { latitude: round(5 + Math.random() * 2), longitude: round(-8 + Math.random() * 2) };
}
type Spot = ReturnType<typeof lonelySpot>;

/** Two members placed at `spot`, made in parallel. */
async function pairAt(
  spot: Spot,
  [a, aGender]: [string, 'homme' | 'femme'],
  [b, bGender]: [string, 'homme' | 'femme'],
): Promise<[E2EMember, E2EMember]> {
  const pair = await Promise.all([createMemberViaApi(a, aGender), createMemberViaApi(b, bGender)]);
  for (const m of pair) await callApi('/location/update', spot, m.token);
  return pair;
}

/** `member`'s page with the phone at `spot`, the welcome and daily modals already seen. */
async function pageAt(member: E2EMember, spot: Spot): Promise<Page> {
  const page = await quietPage(member);
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(spot);
  return page;
}

/** An authenticated call whose refusal the test reads (callApi throws on one). */
async function post(path: string, body: object, member: E2EMember) {
  const res = await request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string } };
}

const toast = (page: Page, text: string) => page.locator('.toasts', { hasText: text });

/** The « Sécurité » page is on screen. */
async function onSafetyPage(page: Page) {
  await page.waitForURL('**/safety', POLL);
  await page.getByRole('heading', { level: 1, name: 'Sécurité' }).waitFor();
  await page.getByRole('link', { name: /17/ }).first().waitFor();
}

/** The member's rows in /near's plain list, by name. */
function nearRow(page: Page, name: string) {
  return page
    .getByRole('region', { name: 'Personnes à proximité' })
    .getByRole('button')
    .filter({ hasText: name });
}

describe("safety in the member's hands", () => {
  it('blocks a member from the swipe card: the card moves on and the server never offers them again', async () => {
    const spot = lonelySpot();
    const [awa, blaise] = await pairAt(spot, ['Awa', 'femme'], ['Blaise', 'homme']);
    const page = await pageAt(awa, spot);
    await page.goto('/swipes');
    const card = page.getByTestId('swipe-card');
    await expect.poll(() => card.getAttribute('aria-label'), POLL).toMatch(/^Blaise\b/);

    await card.getByRole('button', { name: 'Bloquer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Bloquer ce membre ?' });
    await confirm.getByRole('button', { name: 'Bloquer', exact: true }).click();
    await toast(page, 'Membre bloqué.').waitFor();
    await expect
      .poll(async () => ((await card.isVisible()) ? await card.getAttribute('aria-label') : ''))
      .not.toMatch(/^Blaise\b/);

    const blocks = await callApi('/blocks', {}, awa.token);
    expect((blocks.data as unknown as { id: number }[]).map((b) => b.id)).toContain(blaise.id);
    expect(await offeredIds(awa)).not.toContain(blaise.id);
  });

  it('reports a member from the nearby sheet, and opens « Sécurité » from the report sheet of a list row', async () => {
    const spot = lonelySpot();
    const [awa, chantal] = await pairAt(spot, ['Awa', 'femme'], ['Chantal', 'femme']);
    const page = await pageAt(awa, spot);
    await page.goto('/near');
    await nearRow(page, 'Chantal').first().click();
    const sheet = page.getByRole('dialog', { name: /^Chantal/ });
    await sheet.getByRole('button', { name: 'Signaler', exact: true }).click();

    const report = page.getByRole('dialog', { name: 'Signaler ce membre' });
    await report.getByRole('radio', { name: 'Faux profil' }).check();
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/users/${chantal.id}/report`));
    await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
    // The one report sheet, pre-filled with where it came from.
    expect((await sent).postDataJSON()).toMatchObject({ reason: 'fake_profile', source: 'nearby' });
    await toast(page, 'Merci, votre signalement a été transmis à notre équipe.').waitFor();
    await report.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The list row's own « ⋯ »: the same two actions, and the report sheet leads to « Sécurité ».
    await page.getByRole('button', { name: /^Bloquer ou signaler Chantal/ }).click();
    const rowSheet = page.getByRole('dialog', { name: /^Chantal/ });
    await rowSheet.getByRole('button', { name: 'Bloquer', exact: true }).waitFor();
    await rowSheet.getByRole('button', { name: 'Signaler', exact: true }).click();
    await report.getByRole('link', { name: 'Conseils de sécurité' }).click();
    await onSafetyPage(page);
  });

  it('with « Mes matchs uniquement », a stranger who writes is refused in French', async () => {
    const spot = lonelySpot();
    const [dede, eric] = await pairAt(spot, ['Dede', 'femme'], ['Eric', 'homme']);
    const hers = await quietPage(dede);
    await hers.goto('/privacy');
    const saved = hers.waitForResponse(
      (r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH',
    );
    // The choice shows once the server has it.
    const matchesOnly = hers.getByRole('radio', { name: 'Mes matchs uniquement' });
    await matchesOnly.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => matchesOnly.isChecked(), POLL).toBe(true);

    const page = await pageAt(eric, spot);
    await page.goto('/near');
    await nearRow(page, 'Dede').first().click();
    const sheet = page.getByRole('dialog', { name: /^Dede/ });
    await sheet.getByRole('button', { name: 'Envoyer un message' }).click();
    await sheet
      .getByRole('alert')
      .getByText("Ce membre n'accepte de nouveaux messages que de ses matchs.")
      .waitFor();
    expect(page.url()).toMatch(/\/near$/);
    const direct = await post('/chats/create', { other_user_id: dede.id }, eric);
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe("Ce membre n'accepte de nouveaux messages que de ses matchs.");
  });

  it('opens « Sécurité » from the account menu and from the first message of a new chat', async () => {
    const [fanta, gaston] = await Promise.all([
      createMemberViaApi('Fanta'),
      createMemberViaApi('Gaston', 'homme'),
    ]);
    const page = await quietPage(fanta);
    await page.goto('/profile');
    await page
      .getByRole('navigation', { name: 'Mon compte' })
      .getByRole('link', { name: 'Sécurité' })
      .click();
    await onSafetyPage(page);

    const chat = await callApi('/chats/create', { other_user_id: gaston.id }, fanta.token);
    await page.goto(`/chat/${Number(chat.data?.chat_id)}`);
    const intro = page.getByTestId('chat-intro');
    await intro.getByText('Votre premier message est gratuit').waitFor();
    await intro.getByRole('link', { name: 'Conseils de sécurité' }).click();
    await onSafetyPage(page);
  });

  it('« Ne plus voir ce profil »: the chat leaves one list, the other member reads it and can no longer write', async () => {
    const [gina, hawa] = await Promise.all([
      createMemberViaApi('Gina'),
      createMemberViaApi('Hawa'),
    ]);
    const chatId = await openChat(gina, hawa, 'Bonjour Hawa', 'Bonjour Gina');
    const hers = await quietPage(hawa);
    await hers.goto(`/chat/${chatId}`);
    await hers.getByTestId('message-list').getByText('Bonjour Gina').waitFor();
    const composer = hers.getByRole('textbox');
    await composer.waitFor();

    // Gina's other device has her chat list open.
    const herList = await quietPage(gina);
    await herList.goto('/chats');
    const hawaRow = herList.getByText('Bonjour Gina');
    await hawaRow.waitFor(POLL);
    // Hawa's other device too: her row of the chat is marked once Gina closes it.
    const hawaList = await quietPage(hawa);
    await hawaList.goto('/chats');
    const ginaRow = hawaList.getByTestId('chat-row').filter({ hasText: 'Gina' });
    await ginaRow.getByText('Bonjour Gina').waitFor(POLL);
    expect(await ginaRow.getByText('Discussion terminée').count()).toBe(0);

    const page = await quietPage(gina);
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText('Bonjour Hawa').waitFor();
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Ne plus voir ce profil' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ne plus voir ce profil ?' });
    await confirm
      .getByText(/La discussion disparaîtra de votre liste et vous ne verrez plus ce membre/)
      .waitFor();
    await confirm.getByRole('button', { name: 'Ne plus voir', exact: true }).click();
    await page.waitForURL('**/chats', POLL);
    await toast(page, 'Vous ne verrez plus ce profil.').waitFor();
    const list = await callApi('/chats', {}, gina.token);
    expect((list.data as unknown as { id: number }[]).map((c) => c.id)).not.toContain(chatId);

    await expect.poll(() => hawaRow.count(), POLL).toBe(0);

    // Hawa's open chat turns read-only at once: the messages stay, the composer goes.
    const closed = hers.getByTestId('chat-closed');
    await closed
      .getByText('Ce membre a mis fin à la discussion. Vous pouvez la relire, mais plus y écrire.')
      .waitFor(POLL);
    expect(await composer.count()).toBe(0);
    await hers.getByTestId('message-list').getByText('Bonjour Hawa').waitFor();
    const refused = await post('/messages/text', { chat_id: chatId, content: 'Pourquoi ?' }, hawa);
    expect(refused.status).toBe(403);
    // And after a reload, still read-only.
    await hers.reload();
    await closed.waitFor(POLL);
    // Her list marked the row live, and says so again from the server after a reload.
    await ginaRow.getByText('Discussion terminée').waitFor(POLL);
    await hawaList.reload();
    await ginaRow.getByText('Discussion terminée').waitFor(POLL);
  });
});
