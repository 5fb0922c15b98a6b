/** A bottom sheet of the map screen: backdrop closes it, Escape too, focus moves into it. */
import type { ReactNode } from 'react';
import { useDialog } from '../../ui/useDialog';

export function BottomSheet({
  labelledBy,
  className,
  onClose,
  children,
}: {
  labelledBy: string;
  className: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useDialog<HTMLElement>(onClose);
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <section
        ref={ref}
        className={`sheet ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </section>
    </div>
  );
}
