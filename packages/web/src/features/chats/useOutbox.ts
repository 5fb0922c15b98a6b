/**
 * Sending the outbox at the right moments: right away, when the phone is back online, when the
 * realtime connection returns, and again a little later after a lost connection (the client id
 * makes a repeated attempt harmless). The chat screen also learns of a locked chat or a refusal.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sendOutboxItem } from '../../api/useChatMessages';
import { toast } from '../../ui/toast';
import { onRealtimeReconnect } from '../../realtime/socket';
import { nextToSend, type OutboxItem } from '../../lib/chats/outbox';
import {
  addToOutbox,
  chatsWithOutbox,
  discardOutboxItem,
  flushOutbox,
  readOutbox,
  retryOutboxItem,
  useOutboxItems,
} from '../../lib/chats/outboxStore';
import { CHAT_TEXT } from '../../lib/chats/texts';
import type { VoiceClip } from './useVoiceRecorder';

/** After a network failure, try again after 5 s, then 10 s, 20 s... at most every minute. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

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
  const qc = useQueryClient();
  const flushAll = useCallback(() => {
    if (!navigator.onLine) return;
    for (const chatId of chatsWithOutbox())
      void flushOutbox(chatId, (item) => sendOutboxItem(qc, item));
  }, [qc]);
  useEffect(flushAll, [flushAll]);
  useWhenBackOnline(flushAll);
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
  const qc = useQueryClient();
  const items = useOutboxItems(chatId);
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryDelay = useRef(0);
  // The retry timer calls the flush of the latest render.
  const flushAgain = useRef(() => {});

  const flush = useCallback(async () => {
    clearTimeout(retryTimer.current);
    if (latest.current.paused || !navigator.onLine) return;
    const result = await flushOutbox(
      chatId,
      (item) => sendOutboxItem(qc, item),
      (item, error) => toast.error(refusalText(item, error)),
    );
    if (result === 'locked') latest.current.onLocked();
    if (result !== 'network') {
      if (result === 'done') retryDelay.current = 0;
      return;
    }
    // One toast per outage, then quiet attempts until one gets through.
    if (retryDelay.current === 0) toast.error(networkText(nextToSend(readOutbox(chatId))));
    retryDelay.current = Math.min(RETRY_MAX_MS, retryDelay.current * 2 || RETRY_FIRST_MS);
    retryTimer.current = setTimeout(() => flushAgain.current(), retryDelay.current);
  }, [chatId, qc]);
  useEffect(() => {
    flushAgain.current = () => void flush();
  }, [flush]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);
  useEffect(() => {
    if (!opts.paused) void flush();
  }, [flush, opts.paused]);
  useWhenBackOnline(() => void flush());

  const send = useCallback(
    (content: string) => {
      addToOutbox(chatId, { kind: 'text', content });
      void flush();
    },
    [chatId, flush],
  );
  const sendImage = useCallback(
    (image: Blob, caption: string) => {
      const name = image instanceof File && image.name ? image.name : 'photo.jpg';
      addToOutbox(chatId, { kind: 'image', content: caption, file_name: name }, image);
      void flush();
    },
    [chatId, flush],
  );
  const sendVoice = useCallback(
    (clip: VoiceClip) => {
      addToOutbox(
        chatId,
        { kind: 'audio', seconds: clip.seconds, file_name: clip.name },
        clip.blob,
      );
      void flush();
    },
    [chatId, flush],
  );
  const retry = useCallback(
    (localId: string) => {
      retryOutboxItem(chatId, localId);
      void flush();
    },
    [chatId, flush],
  );
  const discard = useCallback((localId: string) => discardOutboxItem(chatId, localId), [chatId]);

  return { items, send, sendImage, sendVoice, retry, discard, flush };
}
