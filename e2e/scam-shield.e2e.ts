/**
 * The scam shield end to end (issue 21). A new contact writes « Stp envoie moi 5000f par orange
 * money »: the receiver sees the warning above it (the sender does not), reports in one tap;
 * the moderator reads only what the report and the shield share (never the receiver's side);
 * the sender's third flagged chat of the day holds them from starting new chats until the
 * moderator releases them from the console's « Arnaques » queue.
 */
import { describe, expect, it } from 'vitest';
import { SCAM_TEXT } from '@app/shared';
import { signInAdmin } from './support/admin.js';
import { messageWith } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage, type E2EMember } from './support/members.js';

const SCAM = 'Stp envoie moi 5000f par orange money';

/** `from` starts a contact chat with `to` and writes its free introduction. */
async function introduce(from: E2EMember, to: E2EMember, text: string): Promise<number> {
  const chat = await callApi('/chats/create', { other_user_id: to.id }, from.token);
  const chatId = Number(chat.data?.chat_id);
  await callApi('/messages/text', { chat_id: chatId, content: text }, from.token);
  return chatId;
}

describe('scam shield', () => {
  it('warns the receiver, reports in one tap, shows staff only flagged messages, and holds the third flagged chat', async () => {
    const suspect = await createMemberViaApi('Kévin');
    const awa = await createMemberViaApi('Awa');
    const chatId = await introduce(suspect, awa, SCAM);

    // The receiver's screen: the warning above the message, with the notice and two buttons.
    const page = await signedInPage(awa);
    await page.goto(`/chat/${chatId}`);
    await messageWith(page, SCAM).waitFor();
    const banner = page.getByRole('note', { name: SCAM_TEXT.warning });
    await banner.waitFor();
    await banner.getByText(SCAM_TEXT.notice).waitFor();
    // Awa answers, which opens the chat for the suspect's next (ordinary) message.
    await callApi(
      '/messages/text',
      { chat_id: chatId, content: 'Ma vie privée, 25 ans à Gounghin' },
      awa.token,
    );
    await callApi(
      '/messages/text',
      { chat_id: chatId, content: 'Tu es de quel quartier ?' },
      suspect.token,
    );
    const reportCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/users\/\d+\/report$/.test(new URL(req.url()).pathname))
        reportCalls.push(req.url());
    });
    await banner.getByRole('button', { name: SCAM_TEXT.report }).click();
    await page.getByText(SCAM_TEXT.reported).waitFor();
    expect(reportCalls).toHaveLength(1);

    // The sender's screen shows the same message without any warning.
    const senderPage = await signedInPage(suspect);
    await senderPage.goto(`/chat/${chatId}`);
    await messageWith(senderPage, SCAM).waitFor();
    expect(await senderPage.getByText(SCAM_TEXT.warning).count()).toBe(0);

    // Two more new contacts get the same request: the third flagged chat in a day holds him.
    await introduce(suspect, await createMemberViaApi('Bintou'), 'Envoie moi 2 mil de crédit stp');
    await introduce(
      suspect,
      await createMemberViaApi('Fatou'),
      'Viens sur WhatsApp on parle mieux',
    );
    const next = await createMemberViaApi('Rasmata');
    await expect(
      callApi('/chats/create', { other_user_id: next.id }, suspect.token),
    ).rejects.toThrow(`/chats/create → 403 ${SCAM_TEXT.held}`);

    // The moderator: the report's messages are the suspect's alone.
    const admin = await signInAdmin();
    const staff = await signedInPage(admin);
    await staff.goto('/admin/signalements');
    const report = staff.getByTestId('admin-report').filter({ hasText: 'Kévin' }).first();
    await report.getByText('Messages joints (2)').click();
    await report.getByText(SCAM).waitFor();
    await report.getByText('Tu es de quel quartier ?').waitFor();
    expect(await report.getByText('Ma vie privée, 25 ans à Gounghin').count()).toBe(0);

    // The « Arnaques » queue: held, 3 chats in 24 h, and only the flagged messages.
    await staff.goto('/admin/arnaques');
    const card = staff.getByTestId('admin-scam').filter({ hasText: 'Kévin' });
    await card.getByText('3 discussions signalées en 24 h').waitFor();
    await card.getByText(/^Retenu le /).waitFor();
    await card.getByText('Voir les messages signalés (3)').click();
    await card.getByText(SCAM).waitFor();
    await card.getByText('Envoie moi 2 mil de crédit stp').waitFor();
    await card.getByText('Viens sur WhatsApp on parle mieux').waitFor();
    expect(await card.getByText('Tu es de quel quartier ?').count()).toBe(0);
    expect(await card.getByText('Ma vie privée, 25 ans à Gounghin').count()).toBe(0);

    // Release with a reason: he may start chats again.
    await card.getByRole('button', { name: 'Lever la retenue' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Lever la retenue' });
    await dialog.getByLabel('Raison').fill('Échange vérifié avec le membre');
    await dialog.getByRole('button', { name: 'Lever la retenue' }).click();
    await card.waitFor({ state: 'detached' });
    const again = await callApi('/chats/create', { other_user_id: next.id }, suspect.token);
    expect(Number(again.data?.chat_id)).toBeGreaterThan(0);
  }, 90_000);
});
