/**
 * The screens' side of the outbox (lib/chats/outboxMachine): the sending call installed, the
 * outbox driven again when the phone is back online or the realtime connection returns, and one
 * chat's messages followed through the outbox's one subscription point, its notices shown (a
 * refusal, the start of an outage) or handed to the screen (a locked chat).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sendOutboxItem } from '../../api/useChatMessages';
import { toast } from '../../ui/toast';
import { onRealtimeReconnect } from '../../realtime/socket';
import type { OutboxItem } from '../../lib/chats/outbox';
import {
  discardMessage,
  driveAllOutboxes,
  driveOutbox,
  holdOutbox,
  queueMessage,
  releaseOutbox,
  retryMessage,
  setOutboxSender,
} from '../../lib/chats/outboxMachine';
import { readOutbox, subscribeOutbox, type OutboxNotice } from '../../lib/chats/outboxStore';
import { CHAT_TEXT } from '../../lib/chats/texts';
import type { VoiceClip } from './useVoiceRecorder';

/** The outbox sends through this app's API client and files answers in its caches. */
function useOutboxSender() {
  const qc = useQueryClient();
  useEffect(() => setOutboxSender((item) => sendOutboxItem(qc, item)), [qc]);
}

function useWhenBackOnline(callback: () => void) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const run = () => latest.current();
    window.addEventListener('online', run);
    const off = onRealtimeReconnect(run);
    return () => {
      window.removeEventListener('online', run);
      off();
    };
  }, []);
}

/** On the chat list: messages written offline in any chat leave as soon as possible. */
export function useFlushAllOutboxes() {
  useOutboxSender();
  useEffect(driveAllOutboxes, []);
  useWhenBackOnline(driveAllOutboxes);
}

/** The spec's own refusal text for each kind of message. */
function refusalText(item: OutboxItem, error: string): string {
  if (item.kind === 'image') return CHAT_TEXT.imageError(error);
  if (item.kind === 'audio') return CHAT_TEXT.audioError;
  return CHAT_TEXT.sendError(error);
}

/** The connection failed while sending this message (the first one waiting). */
function networkText(item: OutboxItem | null): string {
  if (item?.kind === 'image') return CHAT_TEXT.imageNetworkError;
  if (item?.kind === 'audio') return CHAT_TEXT.audioError;
  return CHAT_TEXT.sendNetworkError;
}

/** One chat's outbox: its messages, and send (text, photo, voice) / retry / discard. */
export function useChatOutbox(chatId: number, opts: { paused: boolean; onLocked: () => void }) {
  useOutboxSender();
  const subscribe = useCallback((l: () => void) => subscribeOutbox(chatId, () => l()), [chatId]);
  const items = useSyncExternalStore(subscribe, () => readOutbox(chatId));

  const onLocked = useRef(opts.onLocked);
  useEffect(() => {
    onLocked.current = opts.onLocked;
  });
  useEffect(
    () =>
      subscribeOutbox(chatId, (notice?: OutboxNotice) => {
        if (notice?.kind === 'refused') toast.error(refusalText(notice.item, notice.error));
        if (notice?.kind === 'offline') toast.error(networkText(notice.item));
        if (notice?.kind === 'locked') onLocked.current();
      }),
    [chatId],
  );

  // A locked chat holds its outbox; once open, it leaves at once.
  const { paused } = opts;
  useEffect(() => {
    if (!paused) return void driveOutbox(chatId);
    holdOutbox(chatId);
    return () => releaseOutbox(chatId);
  }, [chatId, paused]);
  useWhenBackOnline(() => void driveOutbox(chatId));

  const send = useCallback(
    (content: string) => queueMessage(chatId, { kind: 'text', content }),
    [chatId],
  );
  const sendImage = useCallback(
    (image: Blob, caption: string) => {
      const name = image instanceof File && image.name ? image.name : 'photo.jpg';
      queueMessage(chatId, { kind: 'image', content: caption, file_name: name }, image);
    },
    [chatId],
  );
  const sendVoice = useCallback(
    (clip: VoiceClip) =>
      queueMessage(
        chatId,
        { kind: 'audio', seconds: clip.seconds, file_name: clip.name },
        clip.blob,
      ),
    [chatId],
  );
  const retry = useCallback((localId: string) => retryMessage(chatId, localId), [chatId]);
  const discard = useCallback((localId: string) => discardMessage(chatId, localId), [chatId]);

  return { items, send, sendImage, sendVoice, retry, discard };
}
