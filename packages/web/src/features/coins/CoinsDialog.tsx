/** A centred dialog of the coin screens: title, close button, Escape and outside tap close. */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
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
  const titleId = `coins-dialog-${title.replace(/\W+/g, '-')}`;
  return (
    <Dialog
      className={`modal coins-modal ${className}`}
      labelledBy={titleId}
      testId={testId}
      onClose={onClose}
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
    </Dialog>
  );
}
