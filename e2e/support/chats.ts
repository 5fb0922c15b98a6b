/**
 * Chats for browser flows: an open chat between two members made through the API, a member's
 * page on a conversation, the messages as the server stores them, and one message on a page.
 */
import type { Page } from 'playwright-core';
import type { PageOptions } from './browser.js';
import { callApi, signedInPage, type E2EMember } from './members.js';
import { until } from './until.js';

/** A chat between two members that is open both ways: a contact chat, answered once. */
export async function openChat(
  a: E2EMember,
  b: E2EMember,
  intro: string,
  answer: string,
  /** The server: the run's unless a flow started its own. */
  origin?: string,
) {
  const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token, origin);
  const chatId = Number(chat.data?.chat_id);
  await callApi('/messages/text', { chat_id: chatId, content: intro }, a.token, origin);
  // The lock rule locks the starter after the introduction until the other member answers.
  await callApi('/messages/text', { chat_id: chatId, content: answer }, b.token, origin);
  return chatId;
}

/** The member's page on the conversation, once its newest message shows. */
export async function openConversation(
  member: E2EMember,
  chatId: number,
  lastText: string,
  opts: PageOptions = {},
) {
  const page = await signedInPage(member, opts);
  await page.goto(`/chat/${chatId}`);
  await page.getByTestId('message-list').getByText(lastText).waitFor();
  return page;
}

interface StoredMessage {
  id: number;
  type: string;
  content: string;
  sender_id: number;
}

/** The chat's latest messages as the server gives them to `member`. */
export async function storedMessages(member: E2EMember, chatId: number) {
  const res = await callApi(`/chats/${chatId}/messages`, { per_page: 50 }, member.token);
  return (res as unknown as { data: StoredMessage[] }).data;
}

export const messageWith = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text });

/** Attaches a JPEG in the conversation's composer, waits for its preview, and sends it. */
export async function sendPhoto(page: Page, buffer: Buffer, name = 'photo.jpg') {
  await page.getByTestId('image-input').setInputFiles({ name, mimeType: 'image/jpeg', buffer });
  await page.getByRole('button', { name: "Retirer l'image" }).waitFor();
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
}

/** A photo shows in the conversation, really seen: the signed link answered and it decoded. */
export async function waitForPhotoShown(page: Page) {
  await page
    .getByTestId('message-list')
    .getByRole('img', { name: 'Photo', exact: true })
    .first()
    .waitFor();
  await until(
    page,
    `[...document.querySelectorAll('[data-testid="message-list"] img[alt="Photo"]')]
      .some((img) => img.complete && img.naturalWidth > 0)`,
  );
}
