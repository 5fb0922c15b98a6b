/**
 * Messages: send (text, photo, voice), list, search, read, delete, edit. Every call checks the
 * member is in the chat (404 otherwise), that no block stands, and the lock rule (sending and
 * editing). A send may carry the device's `client_id`: a retry with the same id gets the stored
 * message back instead of a duplicate.
 */
import crypto from 'node:crypto';
import {
  CHAT_MSG,
  MESSAGE_TEXT_MAX,
  REALTIME_EVENTS,
  hasScamSignal,
  type TChatMessage,
  type TMessageType,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { processPhoto } from '../../adapters/images/photos.js';
import { lockViewOf } from './lock-rule.js';
import * as chats from './chat.repository.js';
import type { ChatRow } from './chat.repository.js';
import * as repo from './message.repository.js';
import { presentMessage } from './chat.presenter.js';
import { emitRead, readMarksHidden } from './read-receipts.js';
import {
  chatNotFound,
  emitMessage,
  emitToChat,
  chatClosed,
  getChatForUser,
  markDelivered,
} from './chat.service.js';
import { holdIfRepeated, isFlagged, noteShield } from './scam-shield.js';
import { sendInOneStatement, type SendRow } from './send.repository.js';
import type { MessageRow } from './message.repository.js';
import * as originals from './message-originals.repository.js';
import { checkAudio } from './audio.js';
import { announceSentMessage, previewOf } from './message.notify.js';
import { reviseChatMessagePreview } from '../notifications/index.js';

const CLIENT_ID_TAKEN = 'Cet identifiant de message est déjà utilisé dans une autre discussion.';

export function cleanText(raw: unknown, { allowEmpty = false } = {}) {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text && !allowEmpty)
    throw new AppError('validation', CHAT_MSG.empty, { fields: { content: [CHAT_MSG.empty] } });
  if (text.length > MESSAGE_TEXT_MAX)
    throw new AppError('validation', CHAT_MSG.tooLong, { fields: { content: [CHAT_MSG.tooLong] } });
  return text;
}

const lockedError = (
  chat: Pick<
    ChatRow,
    | 'me_participant_id'
    | 'other_participant_id'
    | 'locked_sender'
    | 'locked_receiver'
    | 'unlock_cost'
  >,
) => {
  const { isSender } = lockViewOf(chat);
  return new AppError('chat_locked', CHAT_MSG.locked(chat.unlock_cost, isSender), {
    status: 403,
    extra: {
      locked: true,
      is_locked_for_user: true,
      unlock_cost: chat.unlock_cost,
      is_sender: isSender,
    },
  });
};

export interface OutgoingMessage {
  type: TMessageType;
  content: string;
  replyToId?: number | null;
  /** Photo or voice bytes, already received. */
  file?: Buffer;
  duration?: string;
  /** The sending device's UUID for this message (idempotent retries). */
  clientId?: string;
}

export interface SendOutcome {
  message: TChatMessage;
  /** True when `clientId` named a message already stored: nothing new was sent. */
  replayed: boolean;
}

async function storeMedia(deps: Deps, chatId: number, msg: OutgoingMessage) {
  if (!msg.file) return {};
  const base = `private/chats/c${chatId}/${crypto.randomBytes(16).toString('hex')}`;
  if (msg.type === 'image') {
    const { variants } = await processPhoto(msg.file);
    await Promise.all([
      deps.storage.put(`${base}-lite.webp`, variants.lite, 'image/webp'),
      deps.storage.put(`${base}-card.webp`, variants.card, 'image/webp'),
      deps.storage.put(`${base}-full.webp`, variants.full, 'image/webp'),
    ]);
    return { fileKey: base };
  }
  const audio = await checkAudio(msg.file, msg.duration);
  const key = `${base}.${audio.ext}`;
  await deps.storage.put(key, msg.file, audio.contentType);
  return { fileKey: key, durationS: audio.seconds };
}

/**
 * Sends a message: one statement checks and stores it (send.repository.ts), then the event and
 * the recipient's notification follow. A photo or a voice message is stored first and removed
 * again when the send is refused or was a retry: it costs its storage, no round trip more.
 */
export async function sendMessage(
  deps: Deps,
  chatId: number,
  senderId: number,
  msg: OutgoingMessage,
): Promise<SendOutcome> {
  const media = await storeMedia(deps, chatId, msg);
  const unstore = async () => {
    if (media.fileKey) await removeMessageMedia(deps, { type: msg.type, file_key: media.fileKey });
  };
  const sent = await sendInOneStatement(deps.db, {
    chatId,
    senderId,
    type: msg.type,
    content: msg.content,
    fileKey: media.fileKey,
    durationS: media.durationS,
    replyToId: msg.replyToId,
    clientId: msg.clientId,
    scamSignal: msg.type === 'text' && hasScamSignal(msg.content),
  }).catch(async (err: unknown) => {
    await unstore();
    throw err;
  });
  const { inserted } = sent;
  if (!inserted) {
    await unstore();
    return notSent(deps, chatId, senderId, msg.clientId, sent);
  }
  deps.metrics.messageSent(msg.type);
  noteShield(deps, { flagged: inserted.safety_flag, held: sent.held, userId: senderId, chatId });
  await announceSentMessage(deps, sent, senderId, inserted, msg.content);
  return { message: presentMessage(deps, inserted, senderId), replayed: false };
}

/**
 * Why the statement inserted nothing, in the order the rules apply: not the member's chat (or a
 * block), a retry of a stored message (answered again, before the lock rule: the introduction
 * that locked the chat must not be refused on its own retry), the other member gone, the lock;
 * else a concurrent attempt with the same client id committed first, read back here.
 */
async function notSent(
  deps: Deps,
  chatId: number,
  senderId: number,
  clientId: string | undefined,
  sent: SendRow,
): Promise<SendOutcome> {
  if (!sent.found) throw chatNotFound();
  const replayed = (row: MessageRow | null | undefined) => {
    if (!row) return null;
    if (row.chat_id !== chatId)
      throw new AppError('client_id_taken', CLIENT_ID_TAKEN, { status: 409 });
    return { message: presentMessage(deps, row, senderId), replayed: true };
  };
  const stored = replayed(sent.prior);
  if (stored) return stored;
  if (sent.other_deleted_at) throw new AppError('gone', CHAT_MSG.memberDeleted, { status: 410 });
  if (sent.closed_at) throw chatClosed();
  if (lockViewOf(sent).isLockedForUser) throw lockedError(sent);
  const raced = clientId && replayed(await repo.findMessageByClientId(deps.db, senderId, clientId));
  if (raced) return raced;
  throw new Error('message not stored');
}

export async function listMessages(
  deps: Deps,
  chatId: number,
  userId: number,
  opts: { beforeId: number | null; page: number; perPage: number },
) {
  const chat = await getChatForUser(deps, chatId, userId);
  const rows = await repo.findMessages(
    deps.db,
    chat.id,
    chat.me_history_from_id,
    opts.beforeId,
    opts.perPage + 1,
    (opts.page - 1) * opts.perPage,
  );
  const page = rows.slice(0, opts.perPage).reverse();
  await markDelivered(deps, chat, userId);
  const hideRead = await readMarksHidden(deps, chat);
  return {
    data: page.map((m) => presentMessage(deps, m, userId, hideRead)),
    pagination: {
      page: opts.page,
      per_page: opts.perPage,
      has_more: rows.length > opts.perPage,
      next_before_id: page[0]?.id ?? null,
    },
  };
}

export async function searchMessages(
  deps: Deps,
  chatId: number,
  userId: number,
  query: string,
  page: number,
) {
  const chat = await getChatForUser(deps, chatId, userId);
  const perPage = 20;
  const rows = await repo.searchMessages(
    deps.db,
    chat.id,
    chat.me_history_from_id,
    query,
    perPage + 1,
    (page - 1) * perPage,
  );
  const hideRead = await readMarksHidden(deps, chat);
  return {
    data: rows.slice(0, perPage).map((m) => presentMessage(deps, m, userId, hideRead)),
    pagination: { page, per_page: perPage, has_more: rows.length > perPage },
  };
}

/** The message and its chat as `userId` sees them; 404 for anything not theirs to see. */
async function messageForUser(deps: Deps, messageId: number, userId: number) {
  const message = await repo.findMessageById(deps.db, messageId);
  if (!message) throw new AppError('not_found', CHAT_MSG.messageNotFound, { status: 404 });
  const chat = await chats.findChatForUser(deps.db, message.chat_id, userId);
  if (!chat || message.id <= chat.me_history_from_id) {
    throw new AppError('not_found', CHAT_MSG.messageNotFound, { status: 404 });
  }
  return { message, chat };
}

/** The read receipt: one statement (404 for a message not theirs to see). */
export async function readMessage(deps: Deps, messageId: number, userId: number) {
  const read = await repo.markReadThrough(deps.db, messageId, userId);
  if (!read) throw new AppError('not_found', CHAT_MSG.messageNotFound, { status: 404 });
  const chat = { id: read.chat_id, user_low_id: read.user_low_id, user_high_id: read.user_high_id };
  if (read.ids.length) {
    await emitRead(
      deps,
      chat,
      { chat_id: chat.id, message_id: messageId, message_ids: read.ids, user_id: userId },
      read.marks_hidden,
    );
  }
  return read.ids;
}

export async function deleteMessage(deps: Deps, messageId: number, userId: number) {
  const { message, chat } = await messageForUser(deps, messageId, userId);
  if (message.sender_id !== userId)
    throw new AppError('forbidden', CHAT_MSG.onlyOwnDelete, { status: 403 });
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.findMessageById(trx, messageId, { lock: true });
    if (!locked) return null;
    if (locked.read_at) throw new AppError('already_read', CHAT_MSG.alreadyRead, { status: 409 });
    const kept = await originals.keepOriginalIfFlagged(trx, messageId, 'deleted');
    await repo.softDeleteMessage(trx, messageId);
    // The bell no longer shows what was deleted.
    await reviseChatMessagePreview(trx, messageId, CHAT_MSG.deleted);
    return { kept };
  });
  if (!deleted) throw new AppError('not_found', CHAT_MSG.messageNotFound, { status: 404 });
  // A kept original keeps its file until the moderators are done (removeMessageMedia then).
  if (message.file_key && !deleted.kept) await removeMessageMedia(deps, message);
  emitToChat(deps, chat, REALTIME_EVENTS.messageDeleted, {
    chat_id: chat.id,
    message_id: messageId,
  });
}

/** Deletes a message's media files from storage (failures ignored: the row no longer points at them). */
export async function removeMessageMedia(
  deps: Pick<Deps, 'storage'>,
  m: { type: string; file_key: string | null },
) {
  const keys =
    m.type === 'image'
      ? [`${m.file_key}-lite.webp`, `${m.file_key}-card.webp`, `${m.file_key}-full.webp`]
      : [m.file_key ?? ''];
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
}

export async function editMessage(deps: Deps, messageId: number, userId: number, content: unknown) {
  const { message, chat } = await messageForUser(deps, messageId, userId);
  if (message.sender_id !== userId)
    throw new AppError('forbidden', CHAT_MSG.onlyOwnEdit, { status: 403 });
  if (message.type !== 'text') throw new AppError('validation', CHAT_MSG.onlyTextEdit);
  // A locked side may not write, and an edit is writing: same refusal as a send.
  if (lockViewOf(chat).isLockedForUser) throw lockedError(chat);
  const text = cleanText(content);
  // An edit that brings a signal is flagged as a send would be (a harmless first text edited
  // into a money request must warn the receiver too).
  const flag = await isFlagged(deps.db, chat, 'text', text);
  const updated = await deps.db.transaction().execute(async (trx) => {
    await originals.keepOriginalIfFlagged(trx, messageId, 'edited');
    // The bell shows the edit, as the chat does; the original stays only for the moderators.
    await reviseChatMessagePreview(trx, messageId, previewOf('text', text));
    return repo.updateMessageContent(trx, messageId, text, flag);
  });
  if (!updated) throw new AppError('not_found', CHAT_MSG.messageNotFound, { status: 404 });
  noteShield(deps, {
    flagged: flag && !message.safety_flag,
    held: flag && (await holdIfRepeated(deps.db, userId)),
    userId,
    chatId: chat.id,
  });
  const hideRead = await readMarksHidden(deps, chat);
  emitMessage(deps, chat, 'message.updated', updated, hideRead);
  return presentMessage(deps, updated, userId, hideRead);
}
