/**
 * Infinite scroll: calls `onNear` when the page's bottom is within `marginPx` of the screen
 * (spec 1 §9: 1000 px), on scroll and resize, and again after each render that may have left
 * the page too short to scroll (a tall phone, a short first page).
 */
import { useEffect, useRef } from 'react';
import { FEED_LOAD_MARGIN_PX } from '@app/shared';

function isNearBottom(marginPx: number) {
  const doc = document.documentElement;
  return doc.scrollHeight - (window.scrollY + window.innerHeight) <= marginPx;
}

export function useNearBottom(
  onNear: () => void,
  active: boolean,
  itemCount: number,
  marginPx = FEED_LOAD_MARGIN_PX,
) {
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });

  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        if (isNearBottom(marginPx)) latest.current();
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [active, itemCount, marginPx]);
}
