/** The green, dismissible success banner of /my-announcements (shown 5 s by its owner). */
import { CircleCheck, X } from 'lucide-react';
import { ANN_TEXT } from './texts';

export function SuccessBanner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div className="ann-banner" role="status">
      <CircleCheck />
      <p>{text}</p>
      <button
        type="button"
        className="ann-banner-close"
        aria-label={ANN_TEXT.dismiss}
        onClick={onDismiss}
      >
        <X />
      </button>
    </div>
  );
}
