/**
 * The outbox's driver with the real sending call (api/useChatMessages) over a scripted server:
 * the same client id on every attempt, photo and voice bytes kept until sent, and a shared
 * phone where one member's queue is never sent as another.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '@app/shared';
import type { ApiResult } from '../../api/client';
import type { RequestOptions } from '../../api/transport';
import { sendOutboxItem } from '../../api/useChatMessages';
import { outboxStorageKey, type OutboxDraft, type OutboxItem } from './outbox';
import { loadOutboxBlob } from './outboxBlobs';
import {
  driveOutbox,
  holdOutbox,
  queueMessage,
  releaseOutbox,
  setOutboxSender,
} from './outboxMachine';
import { chatsWithOutbox, readOutbox, subscribeOutbox } from './outboxStore';
import { CHAT_TEXT } from './texts';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { ownerOf } from '../../auth/memberData';
import { clearSession } from '../../auth/session';
import { chatMessage } from '../../test/chatMessages';
import { memoryStorage } from '../../test/memoryStorage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The server, one answer per call: a lost answer (status 0) or the stored message.
const calls: { path: string; body: RequestOptions['body'] }[] = [];
const answers: ApiResult<TChatMessage>[] = [];
vi.mock('../../api/transport', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/transport')>()),
  api: (path: string, opts: RequestOptions = {}) => {
    calls.push({ path, body: opts.body });
    return Promise.resolve(answers.shift() ?? lost);
  },
}));

const lost: ApiResult<TChatMessage> = {
  success: false,
  httpStatus: 0,
  message: '',
  fromServer: false,
};
const storedAnswer = (chatId: number, id: number): ApiResult<TChatMessage> => ({
  success: true,
  httpStatus: 201,
  message: '',
  data: chatMessage(id, 1, { chat_id: chatId, chatId, content: '' }),
});

/** What outboxStore uses of localStorage, over a Map. */
const storage = memoryStorage();
const { kept } = storage;

/** Signs member A (or B) in on this browser: the session whose outbox is read. */
const signIn = (token: string) => kept.set(TOKEN_STORAGE_KEY, token);

/** An outbox as an earlier page load left it in storage (by member A unless said). */
function leftInStorage(chatId: number, fields: Record<string, unknown>) {
  const item = {
    local_id: 'gardé',
    chat_id: chatId,
    content: '',
    created_at: '2025-03-05T10:00:00.000Z',
    state: 'queued',
    owner: ownerOf('jeton-a'),
    ...fields,
  };
  kept.set(outboxStorageKey(chatId), JSON.stringify([item]));
}

const qc = new QueryClient();
const send = (item: OutboxItem) => sendOutboxItem(qc, item);

/** Queues without sending yet, so each attempt below is the test's own `driveOutbox`. */
function addToOutbox(chatId: number, draft: OutboxDraft, blob: Blob | null = null) {
  holdOutbox(chatId);
  const item = queueMessage(chatId, draft, blob);
  releaseOutbox(chatId);
  return item;
}
const clientIdOf = (body: RequestOptions['body']) =>
  body instanceof FormData ? body.get('client_id') : body?.client_id;

beforeEach(() => {
  setOutboxSender(send);
  kept.clear();
  vi.stubGlobal('localStorage', storage);
  signIn('jeton-a');
  calls.length = 0;
  answers.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sending the outbox', () => {
  it('sends a text with the client id it got when queued, the same one on a retry', async () => {
    const item = addToOutbox(11, { kind: 'text', content: 'On se voit samedi ?' });
    expect(item.client_id).toMatch(UUID);

    // The server stored it but the answer was lost: the message waits, first in line.
    expect(await driveOutbox(11)).toBe('network');
    expect(readOutbox(11)).toMatchObject([{ client_id: item.client_id, state: 'queued' }]);

    answers.push(storedAnswer(11, 500));
    expect(await driveOutbox(11)).toBe('done');
    expect(calls.map((c) => c.path)).toEqual(['/messages/text', '/messages/text']);
    expect(calls.map((c) => clientIdOf(c.body))).toEqual([item.client_id, item.client_id]);
    expect(calls[0]?.body).toMatchObject({ chat_id: 11, content: 'On se voit samedi ?' });
    expect(readOutbox(11)).toEqual([]);
  });

  it('still sends a message stored before client ids, keeping the one it gets for retries', async () => {
    leftInStorage(12, { content: 'Écrit avant la mise à jour', state: 'sending' });

    expect(await driveOutbox(12)).toBe('network');
    const first = clientIdOf(calls[0]?.body);
    expect(first).toMatch(UUID);
    // Stored with its new id before the attempt: a reload retries with the same one.
    expect(kept.get(outboxStorageKey(12))).toContain(String(first));

    answers.push(storedAnswer(12, 501));
    expect(await driveOutbox(12)).toBe('done');
    expect(calls[1]?.body).toMatchObject({
      content: 'Écrit avant la mise à jour',
      client_id: first,
    });
    expect(kept.get(outboxStorageKey(12))).toBeUndefined();
  });

  it('keeps a photo written offline until the server has it, then forgets its bytes', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    const item = addToOutbox(
      13,
      { kind: 'image', content: 'Le maquis', file_name: 'maquis.jpg' },
      photo,
    );
    expect(await driveOutbox(13)).toBe('network');
    expect(readOutbox(13)).toHaveLength(1);
    expect(await loadOutboxBlob(item.local_id)).toBe(photo);

    answers.push(storedAnswer(13, 502));
    expect(await driveOutbox(13)).toBe('done');
    const forms = calls.map((c) => c.body);
    expect(calls.map((c) => c.path)).toEqual(['/messages/image', '/messages/image']);
    for (const form of forms) {
      if (!(form instanceof FormData)) throw new Error('multipart expected');
      expect(form.get('client_id')).toBe(item.client_id);
      expect(form.get('caption')).toBe('Le maquis');
      expect(form.get('chat_id')).toBe('13');
      const file = form.get('image');
      expect(file instanceof Blob ? file.size : 0).toBe(photo.size);
    }
    expect(readOutbox(13)).toEqual([]);
    expect(await loadOutboxBlob(item.local_id)).toBeNull();
  });

  it('keeps a voice clip recorded offline and sends it with its length and client id', async () => {
    const clip = new Blob(['webm'], { type: 'audio/webm' });
    const item = addToOutbox(14, { kind: 'audio', seconds: 6.6, file_name: 'voice.webm' }, clip);
    expect(await driveOutbox(14)).toBe('network');
    answers.push(storedAnswer(14, 503));
    expect(await driveOutbox(14)).toBe('done');
    const form = calls[1]?.body;
    if (!(form instanceof FormData)) throw new Error('multipart expected');
    expect(calls[1]?.path).toBe('/messages/audio');
    expect(form.get('client_id')).toBe(item.client_id);
    expect(form.get('duration')).toBe('7');
    const file = form.get('audio');
    expect(file instanceof File ? file.name : null).toBe('voice.webm');
  });

  it('shows a photo whose bytes were not kept as not sent, without calling the server', async () => {
    leftInStorage(15, { kind: 'image', client_id: '6f1c2a52-8d3e-4b7a-9c1d-2e3f4a5b6c7d' });
    const failed: string[] = [];
    subscribeOutbox(15, (notice) => {
      if (notice?.kind === 'refused') failed.push(notice.error);
    });
    expect(await driveOutbox(15)).toBe('done');
    expect(calls).toEqual([]);
    expect(failed).toEqual([CHAT_TEXT.mediaLost]);
    expect(readOutbox(15)).toMatchObject([{ state: 'failed', error: CHAT_TEXT.mediaLost }]);
  });
});

describe('the state machine driving it', () => {
  it('tries a lost answer again by itself after 5 s, with the same client id, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const notices: string[] = [];
      subscribeOutbox(16, (notice) => notice && notices.push(notice.kind));
      const item = addToOutbox(16, { kind: 'text', content: 'Tu es arrivée ?' });
      expect(await driveOutbox(16)).toBe('network');
      expect(notices).toEqual(['offline']);

      answers.push(storedAnswer(16, 504));
      await vi.advanceTimersByTimeAsync(4_900);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      await vi.waitFor(() => expect(readOutbox(16)).toEqual([]));
      expect(calls.map((c) => clientIdOf(c.body))).toEqual([item.client_id, item.client_id]);
      // One notice for the outage, none for the quiet retry that got through.
      expect(notices).toEqual(['offline']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a locked chat: told once, nothing sent until released, then sent in order', async () => {
    answers.push({
      success: false,
      httpStatus: 403,
      message: '',
      fromServer: true,
      error: 'chat_locked',
      locked: true,
    });
    const notices: string[] = [];
    subscribeOutbox(17, (notice) => notice && notices.push(notice.kind));
    addToOutbox(17, { kind: 'text', content: 'Un' });
    addToOutbox(17, { kind: 'text', content: 'Deux' });
    expect(await driveOutbox(17)).toBe('locked');
    expect(notices).toEqual(['locked']);
    expect(readOutbox(17).map((i) => i.state)).toEqual(['queued', 'queued']);

    holdOutbox(17);
    expect(await driveOutbox(17)).toBe('waiting');
    expect(calls).toHaveLength(1);
    releaseOutbox(17);
    answers.push(storedAnswer(17, 505), storedAnswer(17, 506));
    expect(await driveOutbox(17)).toBe('done');
    expect(calls.map((c) => (c.body instanceof FormData ? null : c.body?.content))).toEqual([
      'Un',
      'Un',
      'Deux',
    ]);
  });
});

describe('a shared phone', () => {
  it('never sends a message member A queued once member B is signed in, and forgets it', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    addToOutbox(21, { kind: 'text', content: 'Message de A' });
    const image = addToOutbox(22, { kind: 'image', content: '', file_name: 'a.jpg' }, photo);
    // A's tab closed without signing out; B signs in on the same browser.
    signIn('jeton-b');

    expect(readOutbox(21)).toEqual([]);
    expect(readOutbox(22)).toEqual([]);
    for (const chatId of chatsWithOutbox()) expect(await driveOutbox(chatId)).toBe('done');
    expect(calls).toEqual([]);
    expect(kept.has(outboxStorageKey(21))).toBe(false);
    expect(kept.has(outboxStorageKey(22))).toBe(false);
    expect(await loadOutboxBlob(image.local_id)).toBeNull();
  });

  it('drops messages stored before they carried their session', async () => {
    leftInStorage(23, { content: 'Sans propriétaire', owner: undefined });
    expect(await driveOutbox(23)).toBe('done');
    expect(calls).toEqual([]);
  });

  it("keeps member A's own messages for A, and signing out empties the outbox", async () => {
    addToOutbox(24, { kind: 'text', content: 'Toujours à A' });
    expect(readOutbox(24)).toHaveLength(1);
    vi.stubGlobal('sessionStorage', { ...storage, removeItem: () => undefined });
    clearSession();
    expect(readOutbox(24)).toEqual([]);
    expect([...kept.keys()].filter((k) => k.startsWith('chat-outbox:'))).toEqual([]);
  });
});
