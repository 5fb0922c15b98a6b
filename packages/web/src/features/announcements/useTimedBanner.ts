/** A message that shows for 5 s (spec 2 §9) unless dismissed sooner; a new one restarts it. */
import { useCallback, useEffect, useState } from 'react';
import { ANNOUNCEMENT_BANNER_MS } from '@app/shared';

export function useTimedBanner(onExpire?: () => void) {
  const [banner, setBanner] = useState<{ text: string; key: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => {
      setBanner(null);
      onExpire?.();
    }, ANNOUNCEMENT_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner, onExpire]);
  const show = useCallback((text: string) => setBanner({ text, key: Date.now() }), []);
  const dismiss = useCallback(() => setBanner(null), []);
  return { text: banner?.text ?? null, show, dismiss };
}
