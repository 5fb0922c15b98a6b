/**
 * Dragging the card left or right with pointer events (finger, mouse, pen). The drag starts
 * after a few pixels, so taps on the card's own buttons still work and vertical scrolling is
 * left to the browser (touch-action: pan-y on the card). A press that never became a drag is a
 * tap: `onTap` hears which half of the card it was on (the photos step through with it).
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { TSwipeAction } from '@app/shared';
import { dragDecision } from './deck';

const START_PX = 8;

export function useCardDrag(
  onDecide: (action: TSwipeAction) => void,
  disabled: boolean,
  onTap?: (side: 'prev' | 'next', target: EventTarget) => void,
) {
  const [dx, setDx] = useState(0);
  const start = useRef<{ x: number; id: number; dragging: boolean } | null>(null);

  const end = (e: PointerEvent<HTMLElement>) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId) return;
    const decision = s.dragging ? dragDecision(e.clientX - s.x, e.currentTarget.offsetWidth) : null;
    setDx(0);
    if (decision) onDecide(decision);
    if (!s.dragging && onTap) {
      const box = e.currentTarget.getBoundingClientRect();
      onTap(e.clientX - box.left < box.width / 2 ? 'prev' : 'next', e.target);
    }
  };

  return {
    dx,
    handlers: {
      onPointerDown: (e: PointerEvent<HTMLElement>) => {
        if (disabled || !e.isPrimary || (e.target instanceof Element && e.target.closest('button')))
          return;
        start.current = { x: e.clientX, id: e.pointerId, dragging: false };
      },
      onPointerMove: (e: PointerEvent<HTMLElement>) => {
        const s = start.current;
        if (!s || s.id !== e.pointerId) return;
        const moved = e.clientX - s.x;
        if (!s.dragging && Math.abs(moved) < START_PX) return;
        if (!s.dragging) {
          s.dragging = true;
          e.currentTarget.setPointerCapture(e.pointerId);
        }
        setDx(moved);
      },
      onPointerUp: end,
      onPointerCancel: (e: PointerEvent<HTMLElement>) => {
        start.current = null;
        if (e.currentTarget.hasPointerCapture(e.pointerId))
          e.currentTarget.releasePointerCapture(e.pointerId);
        setDx(0);
      },
    },
  };
}
