/**
 * What the chat screen does while open: joins the chat's realtime room (again after each
 * reconnection) and leaves it on the way out; keeps presence news, even those that arrive
 * before the other member is loaded; shows the other member typing; sends the 15 s presence
 * heartbeat; and marks the chat read when new messages show while the screen is visible.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRESENCE_HEARTBEAT_MS, REALTIME_EVENTS } from '@app/shared';
import { markChatRead, sendPresenceHeartbeat } from '../../api/useChatSignals';
import { getToken } from '../../auth/session';
import {
  connectRealtime,
  getSocket,
  onRealtimeEvent,
  onRealtimeReconnect,
} from '../../realtime/socket';
import { READ_DEBOUNCE_MS, TYPING_REMOTE_TIMEOUT_MS } from './constants';

export function useChatRoom(chatId: number) {
  useEffect(() => {
    const token = getToken();
    if (!token || !Number.isInteger(chatId)) return;
    const join = () => getSocket()?.emit('chat:join', { chat_id: chatId }, () => undefined);
    // On every connection of whichever socket: the first, a reconnection, or one made once the
    // realtime library, which a flaky network failed to download, came on a retry.
    const stop = onRealtimeReconnect(join);
    if (getSocket()?.connected) join();
    connectRealtime(token);
    return () => {
      stop();
      const socket = getSocket();
      if (socket?.connected) socket.emit('chat:leave', { chat_id: chatId });
    };
  }, [chatId]);
}

export interface PresenceNews {
  online: boolean;
  /** When it arrived, to compare with the time the chat details were fetched. */
  at: number;
}

/** Status events by member, kept from the moment the screen opens. */
export function usePresenceNews(): ReadonlyMap<number, PresenceNews> {
  const [news, setNews] = useState<ReadonlyMap<number, PresenceNews>>(() => new Map());
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.userStatusChanged, (p) => {
        setNews((prev) => new Map(prev).set(p.user_id, { online: p.is_online, at: Date.now() }));
      }),
    [],
  );
  return news;
}

/** The shown presence: the newest of the loaded flag and any later news. */
export function presenceOf(
  loaded: boolean,
  loadedAt: number,
  news: PresenceNews | undefined,
): boolean {
  return news && news.at >= loadedAt ? news.online : loaded;
}

/** Is the other member typing in this chat? The server never echoes one's own typing. */
export function useRemoteTyping(chatId: number): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let typist: number | null = null;
    const stop = () => {
      clearTimeout(timer);
      typist = null;
      setTyping(false);
    };
    const offs = [
      onRealtimeEvent(REALTIME_EVENTS.typingStarted, (p) => {
        if (p.chat_id !== chatId) return;
        typist = p.user_id;
        setTyping(true);
        clearTimeout(timer);
        timer = setTimeout(stop, TYPING_REMOTE_TIMEOUT_MS);
      }),
      onRealtimeEvent(REALTIME_EVENTS.typingStopped, (p) => {
        if (p.chat_id === chatId) stop();
      }),
      onRealtimeEvent(REALTIME_EVENTS.messageSent, (p) => {
        if (p.chat_id === chatId && p.sender_id === typist) stop();
      }),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [chatId]);
  return typing;
}

const subscribeVisibility = (l: () => void) => {
  document.addEventListener('visibilitychange', l);
  return () => document.removeEventListener('visibilitychange', l);
};
const isVisible = () => document.visibilityState === 'visible';

/** POST /profile every 15 s while the screen is open and shown (spec 2 §7, §9). */
export function usePresenceHeartbeat() {
  const qc = useQueryClient();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible);
  useEffect(() => {
    if (!visible) return;
    const t = setInterval(() => void sendPresenceHeartbeat(qc), PRESENCE_HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [qc, visible]);
}

/**
 * Marks the chat read once on opening, then shortly after unread messages from the other member
 * are shown, and when the screen comes back into view. `unreadKey` changes with each new one.
 */
export function useAutoRead(chatId: number, meId: number | undefined, unreadKey: number | null) {
  const qc = useQueryClient();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible);
  const opened = useRef(false);
  useEffect(() => {
    if (!visible || meId === undefined || (unreadKey === null && opened.current)) return;
    const t = setTimeout(() => {
      opened.current = true;
      void markChatRead(qc, chatId, meId);
    }, READ_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [qc, chatId, meId, unreadKey, visible]);
}
