/** Runs a callback after a delay, and forgets every pending one when the screen goes away. */
import { useCallback, useEffect, useRef } from 'react';

export function useLater() {
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
}
