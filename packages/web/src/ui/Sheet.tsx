/**
 * A bottom sheet (a Dialog at the bottom of the screen) that slides away in 300 ms (spec 2 §9)
 * before it unmounts: closed by the backdrop, Escape or its own buttons. Also the confirm sheet
 * built on it ('Supprimer le message ?', 'Bloquer ce membre ?').
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { SHEET_CLOSE_MS } from '@app/shared';
import { UI_TEXT } from './texts';
import { Dialog } from './Dialog';

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
  labelledBy,
  describedBy,
  closing = false,
  look = 'chat',
  className,
  testId,
  panelRef,
  onClose,
  children,
}: {
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  /** Sliding away (useClosing): the dim layer and the sheet animate out. */
  closing?: boolean;
  /** 'chat': the conversation's sheet with its grip; 'page': the app's `.sheet` panel. */
  look?: 'chat' | 'page';
  /** Extra classes of a 'page' sheet's panel. */
  className?: string;
  testId?: string;
  panelRef?: Ref<HTMLDivElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const chat = look === 'chat';
  const backdrop = chat ? 'chat-sheet-backdrop' : 'sheet-backdrop';
  return (
    <Dialog
      onClose={onClose}
      label={label}
      labelledBy={labelledBy}
      describedBy={describedBy}
      backdropClassName={closing ? `${backdrop} closing` : backdrop}
      className={chat ? 'chat-sheet' : `sheet ${className ?? ''}`.trim()}
      testId={testId}
      panelRef={panelRef}
    >
      {chat && <span className="chat-sheet-grip" aria-hidden />}
      {children}
    </Dialog>
  );
}

/**
 * A sheet's two buttons: the action (red unless `tone` says primary), then « Annuler ». The
 * action is disabled while `busy`; « Annuler » too when `holdCancel` says so.
 */
export function SheetActions({
  action,
  tone = 'danger',
  busy = false,
  holdCancel = false,
  onAction,
  onCancel,
}: {
  action: ReactNode;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  holdCancel?: boolean;
  onAction: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="chat-sheet-actions">
      <button
        type="button"
        className={`btn ${tone === 'danger' ? 'chat-btn-danger' : 'btn-primary'} btn-block`}
        disabled={busy}
        onClick={onAction}
      >
        {action}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-block"
        disabled={holdCancel && busy}
        onClick={onCancel}
      >
        {UI_TEXT.cancel}
      </button>
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
      <SheetActions
        action={
          busy ? (
            <span className="spinner chat-spin-sm chat-spin-light" aria-hidden />
          ) : (
            confirmLabel
          )
        }
        busy={busy}
        holdCancel
        onAction={() => void handleConfirm()}
        onCancel={close}
      />
    </Sheet>
  );
}
