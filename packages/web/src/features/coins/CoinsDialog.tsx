/** A centred dialog of the coin screens: title, close button, Escape and outside tap close. */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDialog } from '../../ui/useDialog';
import { COINS_TEXT } from './texts';

export function CoinsDialog({
  title,
  onClose,
  children,
  className = '',
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const dialog = useDialog<HTMLDivElement>(onClose);
  const titleId = `coins-dialog-${title.replace(/\W+/g, '-')}`;
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        ref={dialog}
        className={`modal coins-modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <button
          type="button"
          className="icon-btn modal-close"
          aria-label={COINS_TEXT.close}
          onClick={onClose}
        >
          <X />
        </button>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
