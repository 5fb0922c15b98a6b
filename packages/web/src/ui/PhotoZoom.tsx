/** Full-screen view of an author's photo; a tap anywhere, the close button or Escape closes it. */
import { X } from 'lucide-react';
import { useDialog } from './useDialog';
import { UI_TEXT } from './texts';

export function PhotoZoom({
  src,
  name,
  onClose,
}: {
  src: string;
  name: string;
  onClose: () => void;
}) {
  const ref = useDialog<HTMLDivElement>(onClose);
  return (
    <div
      ref={ref}
      className="ann-zoom"
      role="dialog"
      aria-modal="true"
      aria-label={UI_TEXT.photoOf(name)}
      tabIndex={-1}
      onClick={onClose}
    >
      <button type="button" className="ann-zoom-close" aria-label={UI_TEXT.close}>
        <X />
      </button>
      <img src={src} alt={UI_TEXT.photoOf(name)} width={480} height={640} decoding="async" />
    </div>
  );
}
