/**
 * A seconds countdown measured against the clock, so it stays right when the phone puts the
 * page in the background (the member switches to the mail app to read the code).
 */
import { useCallback, useEffect, useState } from 'react';

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0,
  );
  const [left, setLeft] = useState(initialSeconds);

  useEffect(() => {
    if (!deadline) return;
    const id = window.setInterval(() => {
      const next = secondsUntil(deadline);
      setLeft(next);
      if (next === 0) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  return [left, start] as const;
}
