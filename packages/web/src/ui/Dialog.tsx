/**
 * The app's modal dialog, on the native <dialog> (focus trap, inert page, Escape, see useDialog):
 * a dim layer (the `<dialog>` itself, class `backdropClassName`) holding the panel (`className`),
 * or for full-screen views (`className={false}`) the content directly. A tap on the dim layer
 * closes it unless `closeOnBackdrop` is false (the dialogs that need an answer).
 */
import type { MouseEvent, ReactNode, Ref } from 'react';
import { useDialog } from './useDialog';
import './dialog.css';

interface DialogProps {
  onClose: () => void;
  /** The id of the title; or `label` for a dialog without a visible one. */
  labelledBy?: string | undefined;
  label?: string | undefined;
  describedBy?: string | undefined;
  role?: 'dialog' | 'alertdialog';
  closeOnBackdrop?: boolean;
  backdropClassName?: string;
  className?: string | false;
  testId?: string | undefined;
  /** The panel, e.g. as the scrolling root of a list. */
  panelRef?: Ref<HTMLDivElement> | undefined;
  children: ReactNode;
}

export function Dialog({
  onClose,
  labelledBy,
  label,
  describedBy,
  role,
  closeOnBackdrop = true,
  backdropClassName = 'modal-backdrop',
  className = 'modal',
  testId,
  panelRef,
  children,
}: DialogProps) {
  const ref = useDialog(onClose);
  const handleClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (closeOnBackdrop && e.target === e.currentTarget) onClose();
  };
  return (
    <dialog
      ref={ref}
      className={`ui-dialog ${backdropClassName}`}
      role={role === 'alertdialog' ? role : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={-1}
      data-testid={testId}
      onClick={handleClick}
    >
      {className === false ? (
        children
      ) : (
        <div ref={panelRef} className={className}>
          {children}
        </div>
      )}
    </dialog>
  );
}
