/**
 * Typing announced to the other member (spec 2 §5): when the composer's box fills, stopped when
 * it empties, after a pause of a few seconds, after a send, or when the chat is left.
 */
import { useEffect, useRef } from 'react';
import { announceTyping } from '../../api/useChatSignals';
import { TYPING_IDLE_MS } from './constants';

export function useTypingAnnouncer(chatId: number) {
  const typing = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useRef(() => {});
  useEffect(() => {
    stop.current = () => {
      clearTimeout(idle.current);
      if (!typing.current) return;
      typing.current = false;
      announceTyping(chatId, false);
    };
    const stopNow = stop.current;
    return () => stopNow();
  }, [chatId]);
  const note = (text: string) => {
    if (!text.trim()) return stop.current();
    if (!typing.current) {
      typing.current = true;
      announceTyping(chatId, true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(() => stop.current(), TYPING_IDLE_MS);
  };
  return { note, stop: () => stop.current() };
}
