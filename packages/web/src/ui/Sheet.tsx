/**
 * A bottom sheet that slides away in 300 ms (spec 2 §9) before it unmounts: closed by the
 * backdrop, Escape or its own buttons. Also the confirm sheet built on it ('Supprimer le
 * message ?', 'Bloquer ce membre ?').
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SHEET_CLOSE_MS } from '@app/shared';
import { UI_TEXT } from './texts';
import { useDialog } from './useDialog';

export function useClosing(onClosed: () => void) {
  const [closing, setClosing] = useState(false);
  const latest = useRef(onClosed);
  useEffect(() => {
    latest.current = onClosed;
  });
  const close = useCallback(() => {
    setClosing(true);
    setTimeout(() => latest.current(), SHEET_CLOSE_MS);
  }, []);
  return { closing, close };
}

export function Sheet({
  label,
  closing,
  onClose,
  children,
}: {
  label: string;
  closing: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useDialog<HTMLDivElement>(onClose);
  return (
    <div
      className={closing ? 'chat-sheet-backdrop closing' : 'chat-sheet-backdrop'}
      onClick={onClose}
    >
      <div
        ref={ref}
        className="chat-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <span className="chat-sheet-grip" aria-hidden />
        {children}
      </div>
    </div>
  );
}

export function ConfirmSheet({
  title,
  detail,
  confirmLabel,
  onConfirm,
  onClosed,
}: {
  title: string;
  detail?: string;
  confirmLabel: string;
  /** Resolves true when done: the sheet then slides away. */
  onConfirm: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const { closing, close } = useClosing(onClosed);
  const [busy, setBusy] = useState(false);
  const handleConfirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) close();
  };
  return (
    <Sheet label={title} closing={closing} onClose={close}>
      <h2 className="chat-sheet-title">{title}</h2>
      {detail && <p className="muted chat-sheet-detail">{detail}</p>}
      <div className="chat-sheet-actions">
        <button
          type="button"
          className="btn chat-btn-danger btn-block"
          disabled={busy}
          onClick={() => void handleConfirm()}
        >
          {busy ? (
            <span className="spinner chat-spin-sm chat-spin-light" aria-hidden />
          ) : (
            confirmLabel
          )}
        </button>
        <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={close}>
          {UI_TEXT.cancel}
        </button>
      </div>
    </Sheet>
  );
}
