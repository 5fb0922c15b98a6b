/**
 * Keeps the conversation the size of what is visible: when the phone's keyboard opens, the
 * composer stays just above it and the header stays on screen (Chrome on Android only shrinks
 * the visual viewport).
 */
import { useEffect, type RefObject } from 'react';

export function useVisualViewport(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const vv = window.visualViewport;
    const el = ref.current;
    if (!vv || !el) return;
    const update = () => {
      el.style.height = `${vv.height}px`;
      el.style.transform = vv.offsetTop ? `translateY(${vv.offsetTop}px)` : '';
    };
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, [ref]);
}
