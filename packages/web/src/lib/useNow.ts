/** A clock for relative times ("Il y a 5min") that stay true while the panel is open. */
import { useEffect, useState } from 'react';

/** The current time, ticking every `ms`. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
