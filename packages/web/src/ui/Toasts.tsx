/**
 * The toasts at the top of the screen. A manual popover, shown again with each new toast, so
 * they stay above an open Dialog or Sheet (both in the browser's top layer).
 */
import { useLayoutEffect, useRef } from 'react';
import { dismissToast, useToasts } from './toast';
import './dialog.css';

export function Toasts() {
  const toasts = useToasts();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || toasts.length === 0 || typeof el.showPopover !== 'function') return;
    try {
      if (el.matches(':popover-open')) el.hidePopover();
      el.showPopover();
    } catch {
      // A page without popovers keeps the toasts where their z-index puts them.
    }
  }, [toasts]);
  return (
    <div ref={ref} className="toasts" popover="manual" role="status" aria-live="polite">
      {toasts.map((t) => (
        <button key={t.id} className={`toast toast-${t.kind}`} onClick={() => dismissToast(t.id)}>
          {t.text}
        </button>
      ))}
    </div>
  );
}
