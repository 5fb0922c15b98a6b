/** The current time, ticking every `ms`, so "Aujourd'hui" and list times stay true while shown. */
import { useEffect, useState } from 'react';

export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
