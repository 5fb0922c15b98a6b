/**
 * The chat lock and the chat's safety tools end to end. A contact chat lets its starter write one
 * free introduction, then locks it for the starter until the other member answers or the starter
 * pays 100 pièces (README "Chat lock"). Coins come only from the product's own paths: the signup
 * gift (100) and the daily bonus (10, taken through /verify-auth-status as the app does on
 * opening); a member is made short by spending them on another unlock.
 * - Too few coins: writing opens 'Chat verrouillé', whose unlock opens 'Solde Insuffisant'
 *   without asking the server; nothing is debited or sent.
 * - Enough coins: the unlock debits 100 once (modal, top bar, server), plays the confetti, and
 *   the next message reaches the other member live.
 * - Report with a reason, then block from the header: the chat leaves both members' lists.
 * - Deleting one's own unread message takes it off the other member's chat list live.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messageWith, openChat, openConversation, storedMessages } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';

const UNLOCK_COST = 100;
const LOCKED_HINT = `Chat verrouillé. Déverrouillez-le avec ${UNLOCK_COST} pièces pour envoyer des messages.`;
const UNLOCK_CALL = /\/api\/chats\/\d+\/unlock$/;

/** Today's daily bonus, given now rather than at some moment while the page is open. */
async function takeDailyBonus(member: E2EMember) {
  await callApi('/verify-auth-status', {}, member.token);
}

/** The member's balance as the server keeps it. */
async function coinsOf(member: E2EMember): Promise<number> {
  const res = await callApi('/profile', {}, member.token);
  return Number(res.data?.coins);
}

/** A contact chat `a` starts with `b`: its free introduction, after which it is locked for `a`. */
async function startContactChat(a: E2EMember, b: E2EMember, intro: string): Promise<number> {
  const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token);
  const chatId = Number(chat.data?.chat_id);
  await callApi('/messages/text', { chat_id: chatId, content: intro }, a.token);
  return chatId;
}

/** Every unlock call the page makes, as it makes it. */
function recordUnlockCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (UNLOCK_CALL.test(new URL(req.url()).pathname)) calls.push(req.method());
  });
  return calls;
}

async function topBarCoins(page: Page): Promise<number | null> {
  const text = (await page.getByLabel('Mes pièces').textContent()) ?? '';
  const n = /\d+/.exec(text)?.[0];
  return n === undefined ? null : Number(n);
}

/** A figure of the unlock modal ('Coût', 'Votre solde'), e.g. '110 pièces'. */
async function figure(modal: Locator, term: string): Promise<string | undefined> {
  const text = await modal.locator(`dt:text-is("${term}") + dd`).textContent();
  return text?.trim();
}

const chatRow = (page: Page, name: string) =>
  page.getByTestId('chat-row').filter({ hasText: name });

describe('chat lock', () => {
  it('shows « Solde Insuffisant » without calling the server when a locked member has too few coins', async () => {
    const [a, b, c] = await Promise.all([
      createMemberViaApi('Boukary', 'homme'),
      createMemberViaApi('Mariam'),
      createMemberViaApi('Clarisse'),
    ]);
    await takeDailyBonus(a);
    // Boukary spends his gift opening another contact chat, as a member would.
    const spent = await startContactChat(a, c, 'Bonsoir Clarisse');
    await callApi(`/chats/${spent}/unlock`, {}, a.token);
    const balance = await coinsOf(a);
    expect(balance).toBeLessThan(UNLOCK_COST);

    const chatId = await startContactChat(a, b, "Bonjour Mariam, ton annonce m'a plu");
    const page = await signedInPage(a);
    const unlockCalls = recordUnlockCalls(page);
    await page.goto(`/chat/${chatId}`);
    await messageWith(page, "ton annonce m'a plu").waitFor();
    const hint = page.getByTestId('locked-hint');
    await hint.getByText(LOCKED_HINT).waitFor();

    // Writing in a locked chat opens the unlock modal instead of sending.
    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Tu es libre ce soir ?');
    await box.press('Enter');
    const locked = page.getByRole('dialog', { name: 'Chat verrouillé' });
    await locked.waitFor();
    await locked.getByRole('button', { name: 'Annuler' }).click();
    await locked.waitFor({ state: 'detached' });

    // The hint opens it too; it shows the cost and the balance.
    await hint.click();
    await locked.getByText(LOCKED_HINT).waitFor();
    expect(await figure(locked, 'Coût')).toBe(`${UNLOCK_COST} pièces`);
    expect(await figure(locked, 'Votre solde')).toBe(`${balance} pièces`);
    await locked.getByRole('button', { name: `Déverrouiller (${UNLOCK_COST} pièces)` }).click();

    const short = page.getByRole('dialog', { name: 'Solde Insuffisant' });
    await short.getByText('Pièces insuffisantes pour déverrouiller').waitFor();
    await locked.waitFor({ state: 'detached' });
    expect(unlockCalls).toEqual([]);
    expect(await coinsOf(a)).toBe(balance);
    const stored = await storedMessages(b, chatId);
    expect(stored.map((m) => m.content)).toEqual(["Bonjour Mariam, ton annonce m'a plu"]);

    await short.getByRole('button', { name: 'Acheter des pièces' }).click();
    await page.waitForURL('**/buy-coins');
  });

  it('unlocks for 100 pièces once: the balance drops by 100, confetti plays and the next message reaches the other member', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Souleymane', 'homme'),
      createMemberViaApi('Aminata'),
    ]);
    await takeDailyBonus(a);
    const before = await coinsOf(a);
    expect(before).toBeGreaterThanOrEqual(UNLOCK_COST);
    const intro = 'Bonjour Aminata, on peut faire connaissance ?';
    const chatId = await startContactChat(a, b, intro);
    const pageB = await openConversation(b, chatId, intro);

    const page = await signedInPage(a);
    const unlockCalls = recordUnlockCalls(page);
    await page.goto('/chats');
    await expect.poll(() => topBarCoins(page)).toBe(before);
    await chatRow(page, 'Aminata').getByRole('link').click();
    await page.waitForURL(`**/chat/${chatId}`);

    const hint = page.getByTestId('locked-hint');
    await hint.getByText(LOCKED_HINT).click();
    const modal = page.getByRole('dialog', { name: 'Chat verrouillé' });
    await modal.waitFor();
    expect(await figure(modal, 'Votre solde')).toBe(`${before} pièces`);
    // The confetti: a canvas over the screen for 3 s, then gone (watched from before the tap).
    const confetti = page.locator('canvas.confetti-canvas');
    const confettiShown = confetti.waitFor({ state: 'attached', timeout: 20_000 });
    await modal.getByRole('button', { name: `Déverrouiller (${UNLOCK_COST} pièces)` }).click();

    await page.getByText('Chat déverrouillé avec succès !').waitFor();
    await confettiShown;
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => hint.count()).toBe(0);
    await confetti.waitFor({ state: 'detached' });

    // The composer sends again, and the message reaches Aminata's open conversation.
    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Merci ! Tu habites quel quartier ?');
    await box.press('Enter');
    await messageWith(pageB, 'Tu habites quel quartier ?').waitFor();

    // Debited once: in the top bar, on the server, and still so after a reload.
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL('**/chats');
    await expect.poll(() => topBarCoins(page)).toBe(before - UNLOCK_COST);
    expect(await coinsOf(a)).toBe(before - UNLOCK_COST);
    await page.goto(`/chat/${chatId}`);
    await messageWith(page, 'Tu habites quel quartier ?').waitFor();
    expect(await hint.count()).toBe(0);
    expect(unlockCalls).toEqual(['POST']);
    expect(await coinsOf(a)).toBe(before - UNLOCK_COST);
  });

  it("reports with a reason, then blocks from the header: the chat leaves both members' lists", async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Ibrahim', 'homme'),
      createMemberViaApi('Rasmata'),
    ]);
    const chatId = await openChat(a, b, 'Salut Rasmata', 'Salut Ibrahim');
    const pageB = await signedInPage(b);
    await pageB.goto('/chats');
    await chatRow(pageB, 'Ibrahim').waitFor();
    const page = await openConversation(a, chatId, 'Salut Ibrahim');

    // Report: a reason is required, then the French confirmation.
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Signaler' }).click();
    const report = page.getByRole('dialog', { name: 'Signaler ce membre' });
    await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await report.getByRole('alert').getByText('Veuillez sélectionner une raison').waitFor();
    await report.getByRole('radio', { name: 'Faux profil' }).check();
    await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByText('Merci, votre signalement a été transmis à notre équipe.').waitFor();
    await report.waitFor({ state: 'detached' });

    // Block, after confirmation.
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Bloquer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bloquer ce membre ?' });
    await confirm.getByText('Vous ne verrez plus cette discussion').waitFor();
    await confirm.getByRole('button', { name: 'Bloquer', exact: true }).click();
    await page.getByText('Membre bloqué.').waitFor();
    await page.waitForURL('**/chats');
    await page.getByText('Aucune discussion').waitFor();
    expect(await chatRow(page, 'Rasmata').count()).toBe(0);

    // Rasmata's list no longer has it either, nor can she open it.
    await pageB.reload();
    await pageB.getByText('Aucune discussion').waitFor();
    expect(await chatRow(pageB, 'Ibrahim').count()).toBe(0);
    await pageB.goto(`/chat/${chatId}`);
    await pageB.getByText('Chat introuvable').waitFor();
  });

  it("deletes one's own unread message through the confirm sheet, and it leaves the other member's list live", async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Zalissa'),
      createMemberViaApi('Hamidou', 'homme'),
    ]);
    const chatId = await openChat(a, b, 'Coucou Hamidou', 'Coucou Zalissa');
    await callApi(`/chats/${chatId}/read`, {}, b.token);
    // Hamidou is on his chat list, not in the conversation, so the message stays unread.
    const pageB = await signedInPage(b);
    await pageB.goto('/chats');
    const rowB = chatRow(pageB, 'Zalissa');
    await rowB.getByText('Vous : Coucou Zalissa').waitFor();
    expect(await rowB.getByLabel(/non lu/).count()).toBe(0);

    const page = await openConversation(a, chatId, 'Coucou Zalissa');
    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Oups, mauvaise conversation');
    await box.press('Enter');
    await rowB.getByText('Oups, mauvaise conversation').waitFor();
    await rowB.getByLabel('1 message non lu').waitFor();

    const mine = messageWith(page, 'Oups, mauvaise conversation');
    await mine.getByText('Oups, mauvaise conversation').click();
    await mine.getByRole('button', { name: 'Supprimer' }).click();
    const sheet = page.getByRole('dialog', { name: 'Supprimer le message ?' });
    await sheet.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => mine.count()).toBe(0);

    // Live on Hamidou's list: the preview goes back to the previous message, the badge goes.
    await rowB.getByText('Vous : Coucou Zalissa').waitFor();
    await expect.poll(() => rowB.getByLabel(/non lu/).count()).toBe(0);
    const stored = await storedMessages(b, chatId);
    expect(stored.map((m) => m.content)).not.toContain('Oups, mauvaise conversation');
    await pageB.goto(`/chat/${chatId}`);
    await messageWith(pageB, 'Coucou Zalissa').waitFor();
    expect(await messageWith(pageB, 'Oups').count()).toBe(0);
  });
});
