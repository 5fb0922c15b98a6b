/**
 * Dialog behaviour shared by the panel and the modals: Escape closes, focus moves into the
 * dialog on open and back to where it was (the bell) on close.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDialog<T extends HTMLElement>(onEscape: () => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') escape.current();
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      previous?.focus();
    };
  }, []);
  return ref;
}
