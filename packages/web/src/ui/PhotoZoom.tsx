/** Full-screen view of an author's photo; a tap anywhere, the close button or Escape closes it. */
import { X } from 'lucide-react';
import { Dialog } from './Dialog';
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
  return (
    <Dialog
      backdropClassName="ann-zoom"
      className={false}
      label={UI_TEXT.photoOf(name)}
      onClose={onClose}
    >
      <button type="button" className="ann-zoom-close" aria-label={UI_TEXT.close} onClick={onClose}>
        <X />
      </button>
      <img
        src={src}
        alt={UI_TEXT.photoOf(name)}
        width={480}
        height={640}
        decoding="async"
        onClick={onClose}
      />
    </Dialog>
  );
}
