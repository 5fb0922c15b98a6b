/**
 * Sending the outbox at the right moments: right away, when the phone is back online, and when
 * the realtime connection returns. The chat screen also learns of a locked chat or a refusal.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sendOutboxItem } from '../../api/useChats';
import { toast } from '../../components/toast';
import { onRealtimeReconnect } from '../../realtime/socket';
import {
  addToOutbox,
  chatsWithOutbox,
  discardOutboxItem,
  flushOutbox,
  retryOutboxItem,
  useOutboxItems,
} from './outboxStore';
import { CHAT_TEXT } from './texts';

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

/** One chat's outbox: its messages, and send / retry / discard. */
export function useChatOutbox(chatId: number, opts: { paused: boolean; onLocked: () => void }) {
  const qc = useQueryClient();
  const items = useOutboxItems(chatId);
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });

  const flush = useCallback(async () => {
    if (latest.current.paused || !navigator.onLine) return;
    const result = await flushOutbox(
      chatId,
      (item) => sendOutboxItem(qc, item),
      (_item, error) => toast.error(CHAT_TEXT.sendError(error)),
    );
    if (result === 'network') toast.error(CHAT_TEXT.sendNetworkError);
    if (result === 'locked') latest.current.onLocked();
  }, [chatId, qc]);

  useEffect(() => {
    if (!opts.paused) void flush();
  }, [flush, opts.paused]);
  useWhenBackOnline(() => void flush());

  const send = useCallback(
    (content: string) => {
      addToOutbox(chatId, content);
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

  return { items, send, retry, discard, flush };
}
