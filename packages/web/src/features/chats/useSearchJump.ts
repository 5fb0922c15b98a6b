/**
 * The search in the conversation as the screen sees it: open or closed, and the message picked
 * there, brought into view and highlighted for a moment (a new object per pick, so picking the
 * same result again scrolls again).
 */
import { useCallback, useEffect, useState } from 'react';
import type { TChatMessage } from '@app/shared';
import { SEARCH_FLASH_MS } from './constants';

export function useSearchJump(messages: TChatMessage[]) {
  const [isOpen, setOpen] = useState(false);
  const [focus, setFocus] = useState<{ id: number } | null>(null);

  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  /** Whether a result is already in the thread (else the search loads around it). */
  const isLoaded = useCallback((id: number) => messages.some((m) => m.id === id), [messages]);
  const jump = useCallback((id: number) => {
    setOpen(false);
    setFocus({ id });
  }, []);

  useEffect(() => {
    if (!focus) return;
    const t = setTimeout(() => setFocus(null), SEARCH_FLASH_MS);
    return () => clearTimeout(t);
  }, [focus]);

  return { isOpen, open, close, isLoaded, jump, focus };
}
