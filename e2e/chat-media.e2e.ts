/**
 * Media in a conversation and the chat list gesture (spec 2 §2, §4): a voice message recorded
 * with Chromium's fake microphone reaches the other member as an audio message (a cancelled
 * recording sends nothing), the emoji picker is downloaded only when opened, and swiping a row
 * left past 80 px leaves the chat for the leaver only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openChat, openConversation, storedMessages } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';
import { quietPage } from './support/quiet-page.js';

interface StoredAudio {
  type: string;
  duration: number | null;
  sender_id: number;
}

async function audioMessages(member: Parameters<typeof storedMessages>[0], chatId: number) {
  const all = (await storedMessages(member, chatId)) as unknown as StoredAudio[];
  return all.filter((m) => m.type === 'audio');
}

/** Records until the timer shows `clock` ('0:01'), the microphone button's flow. */
async function recordUntil(page: Page, clock: string) {
  await page.getByRole('button', { name: 'Message vocal', exact: true }).click();
  await page.getByRole('timer', { name: 'Enregistrement' }).getByText(clock).waitFor();
}

/** The chat row's transform while dragged, e.g. 'translateX(-100px)', '' when at rest. */
const rowTransform = (page: Page) =>
  page.evaluate(
    `document.querySelector('[data-testid="chat-row"] .chat-row-body').style.transform`,
  ) as Promise<string>;

/** A finger on the first row moved `dx` px in steps; the answer lifts it. */
async function touchDrag(page: Page, dx: number) {
  const box = await page.getByTestId('chat-row').first().boundingBox();
  if (!box) throw new Error('no chat row on the page');
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width * 0.75;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });
  await touch('touchStart', x0);
  for (let i = 1; i <= 10; i += 1) await touch('touchMove', x0 + (dx * i) / 10);
  return async () => {
    await touch('touchEnd', x0 + dx);
    await cdp.detach();
  };
}

describe('chat media', () => {
  it('sends a recorded voice message the other member sees as audio; a cancelled one sends nothing', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Salif', 'homme'),
      createMemberViaApi('Mariam'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Mariam', 'Bonsoir Salif !');
    const pageA = await openConversation(a, chatId, 'Bonsoir Salif !');
    await expect.poll(() => pageA.getByTestId('locked-hint').count()).toBe(0);

    // Cancelled: the composer comes back and nothing is queued.
    await recordUntil(pageA, '0:01');
    await pageA.getByRole('button', { name: "Annuler l'enregistrement" }).click();
    await pageA.getByTestId('recorder').waitFor({ state: 'detached' });

    // Recorded for at least two seconds, then sent.
    await recordUntil(pageA, '0:02');
    await pageA.getByRole('button', { name: 'Envoyer le message vocal' }).click();
    await pageA.getByTestId('recorder').waitFor({ state: 'detached' });
    await pageA.getByTestId('message-list').getByRole('button', { name: 'Écouter' }).waitFor();

    // The outbox sends in order, so had the cancelled clip been sent it would be stored first.
    await expect.poll(async () => (await audioMessages(a, chatId)).length).toBe(1);
    const [stored] = await audioMessages(a, chatId);
    expect(stored?.sender_id).toBe(a.id);
    expect(stored?.duration).toBeGreaterThanOrEqual(2);

    const pageB = await signedInPage(b);
    await pageB.goto('/chats');
    await pageB
      .getByTestId('chat-row')
      .filter({ hasText: 'Salif' })
      .getByText('🎵 Message vocal')
      .waitFor();
    await pageB.getByTestId('chat-row').filter({ hasText: 'Salif' }).getByRole('link').click();
    const player = pageB.getByTestId('message-list').getByRole('button', { name: 'Écouter' });
    await player.waitFor();
    expect(await pageB.locator('[data-testid="message-list"] audio').count()).toBe(1);
  });

  it('downloads the emoji picker only when opened, and a chosen emoji lands in the composer', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Ousmane', 'homme'),
      createMemberViaApi('Awa'),
    ]);
    const chatId = await openChat(a, b, 'Salut Awa', 'Salut Ousmane');
    const page = await signedInPage(a, { serviceWorkers: 'block' });
    const pickerRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/EmojiPicker-[\w-]+\.js$/.test(new URL(req.url()).pathname))
        pickerRequests.push(req.url());
    });
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText('Salut Ousmane').waitFor();
    await page.waitForLoadState('networkidle');
    expect(pickerRequests).toEqual([]);

    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Merci ');
    await page.getByRole('button', { name: 'Émojis' }).click();
    await page.getByRole('option', { name: '🔥' }).click();
    expect(pickerRequests).toHaveLength(1);
    await expect.poll(() => box.inputValue()).toBe('Merci 🔥');
  });

  it('keeps the conversation usable when the emoji picker cannot download, and retries it', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Harouna', 'homme'),
      createMemberViaApi('Kadiatou'),
    ]);
    const chatId = await openChat(a, b, 'Salut Kadiatou', 'Salut Harouna');
    const page = await signedInPage(a, { serviceWorkers: 'block' });
    let failing = true;
    let downloads = 0;
    await page.route(/\/EmojiPicker-[\w-]+\.js$/, (route) => {
      downloads += 1;
      return failing ? route.abort('internetdisconnected') : route.continue();
    });
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText('Salut Harouna').waitFor();

    const emojis = page.getByRole('button', { name: 'Émojis' });
    await emojis.click();
    const failed = page.getByRole('alert').filter({ hasText: 'Erreur de chargement' });
    await failed.waitFor();
    // Réessayer downloads it again (and, the network still down, says so again).
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    await expect.poll(() => downloads).toBe(2);
    await failed.waitFor();

    // Only the picker failed: the conversation and its composer still work.
    const box = page.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('Toujours là');
    await box.press('Enter');
    await expect
      .poll(async () => (await storedMessages(b, chatId)).map((m) => m.content))
      .toContain('Toujours là');

    expect(await failed.count()).toBe(0); // the composer's focus closed the picker

    // Opened again once the network is back, the picker downloads by itself.
    failing = false;
    await emojis.click();
    await page.getByRole('option', { name: '🔥' }).click();
    await expect.poll(() => box.inputValue()).toBe('🔥');
    expect(await failed.count()).toBe(0);
  });

  it('leaves a chat swiped left past 80 px; it stays with its history for the other member', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Yacouba', 'homme'),
      createMemberViaApi('Fatimata'),
    ]);
    const chatId = await openChat(a, b, 'Bonjour Fatimata', 'Bonjour Yacouba');
    // Touches go by coordinates, past any locator handler: keep the reward modals closed.
    const page = await quietPage(a);
    await page.goto('/chats');
    const row = page.getByTestId('chat-row').filter({ hasText: 'Fatimata' });
    await row.waitFor();

    // 60 px is not enough: the row slides back and the chat stays.
    const lift = await touchDrag(page, -60);
    await expect.poll(() => rowTransform(page)).toBe('translateX(-60px)');
    await lift();
    await expect.poll(() => rowTransform(page)).toBe('');
    expect(await row.count()).toBe(1);

    // 150 px: the row follows the finger only up to 100 px, and leaving on release.
    const release = await touchDrag(page, -150);
    await expect.poll(() => rowTransform(page)).toBe('translateX(-100px)');
    await release();
    await row.waitFor({ state: 'detached' });

    const listed = async (token: string) => {
      const res = await callApi('/chats', {}, token);
      return (res as unknown as { data: { id: number }[] }).data.map((c) => c.id);
    };
    expect(await listed(a.token)).not.toContain(chatId);
    expect(await listed(b.token)).toContain(chatId);
    const history = (await storedMessages(b, chatId)).map((m) => m.content);
    expect(history).toEqual(expect.arrayContaining(['Bonjour Fatimata', 'Bonjour Yacouba']));
  });
});
