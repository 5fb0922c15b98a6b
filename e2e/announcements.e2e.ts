/**
 * Announcements end to end: a member publishes one through /add-announcement (live counter, the
 * phone-number warning that blocks publishing), finds it in /my-announcements, another member
 * sees its card on /home, and once the author deletes it through the dialog it is gone from
 * /home after a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

const PHONE_WARNING =
  'Usage de numéro de téléphone détecté. Les numéros de téléphone ne sont pas autorisés.';

/** Letters only, so the marker can never look like a phone number to the description rules. */
function uniqueWord(): string {
  const digitsAsLetters = (n: number) =>
    String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  return `${digitsAsLetters(Date.now())}${digitsAsLetters(Math.floor(Math.random() * 1e6))}`;
}

const counterText = (n: number) => `${n}/1000 caractères (minimum 50)`;

/** The feed card holding `text` (one `article` per announcement). */
const feedCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('announcements', () => {
  it('publishes, shows in my announcements and on the home feed, then deletes', async () => {
    const [author, reader, other] = await Promise.all([
      createMemberViaApi('Salimata'),
      createMemberViaApi('Boubacar', 'homme'),
      createMemberViaApi('Rasmané', 'homme'),
    ]);
    // Another member's announcement, published before ours: once ours is deleted, the feed the
    // reader reloads is known to be loaded when this one is shown.
    const keeper = `Rasmané aime le football et les sorties au marché le samedi ${uniqueWord()}.`;
    await callApi('/announcements', { description: keeper }, other.token);

    const marker = uniqueWord();
    const description = `Bonjour, je suis Salimata, j'aime la cuisine et les balades ${marker}.`;
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(120); // shown whole on the card

    // The author writes the announcement.
    const page = await signedInPage(author);
    await page.goto('/add-announcement');
    const field = page.getByLabel('Description *');
    const publish = page.getByRole('button', { name: 'Publier mon annonce' });
    await field.waitFor();
    await page.getByText(counterText(0)).waitFor();

    // A phone number, typed with spaces, raises the live warning and blocks publishing.
    await field.pressSequentially('Appelez-moi au 70 12 34 56');
    await page.getByText(PHONE_WARNING).waitFor();
    await expect.poll(() => publish.isDisabled()).toBe(true);
    await field.fill('');
    await expect.poll(() => page.getByText(PHONE_WARNING).count()).toBe(0);
    await expect.poll(() => publish.isEnabled()).toBe(true);

    // The live counter follows the text.
    await field.pressSequentially('Bonjour');
    await page.getByText(counterText('Bonjour'.length)).waitFor();
    await field.fill(description);
    await page.getByText(counterText(description.length)).waitFor();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();

    await page.waitForURL('**/my-announcements', { timeout: 15_000 });
    await page.getByText('Votre annonce a été créée avec succès !').waitFor();
    await page.getByText(description).waitFor();

    // Another member sees its card on /home, with the author's name. The feed pages the reader
    // loads are counted: a reload asks for each of them again before the list changes.
    const readerPage = await signedInPage(reader);
    let feedAnswers = 0;
    readerPage.on('response', (r) => {
      if (/\/api\/announcements\?/.test(r.url()) && r.status() === 200) feedAnswers += 1;
    });
    await readerPage.goto('/home');
    await readerPage.getByRole('heading', { name: 'Découvrez les annonces' }).waitFor();
    const card = feedCard(readerPage, marker);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('heading', { name: /Salimata/ }).waitFor();
    await card.getByText(description).waitFor();
    await card.getByRole('button', { name: 'Envoyer un message' }).waitFor();
    await feedCard(readerPage, keeper).waitFor();

    // The author deletes it through the confirmation dialog.
    await page.getByRole('button', { name: "Supprimer l'annonce" }).click();
    const dialog = page.getByRole('alertdialog', { name: "Supprimer l'annonce" });
    await dialog.waitFor();
    await dialog.getByText(description).waitFor(); // the preview
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The green banner and the success toast both say it.
    await page.locator('.ann-banner', { hasText: 'Annonce supprimée avec succès' }).waitFor();
    await page.locator('.toasts', { hasText: 'Annonce supprimée avec succès' }).waitFor();
    await expect.poll(() => page.getByText(description).count()).toBe(0);
    await page.getByRole('heading', { name: 'Aucune annonce' }).waitFor();

    // Gone from the reader's feed after a reload: the feed kept on the phone shows at once, and
    // the server's answers then replace it by themselves. An infinite list is replaced once every
    // page it held is fetched again, which on a loaded machine comes well after the kept feed is
    // painted: the test waits for as many answers as the first visit had, then looks.
    const pagesKept = feedAnswers;
    expect(pagesKept).toBeGreaterThan(0);
    feedAnswers = 0;
    await readerPage.reload();
    await feedCard(readerPage, keeper).waitFor({ timeout: 15_000 });
    await expect.poll(() => feedAnswers, { timeout: 30_000 }).toBeGreaterThanOrEqual(pagesKept);
    await expect.poll(() => feedCard(readerPage, marker).count(), { timeout: 30_000 }).toBe(0);
  }, 90_000);
});
