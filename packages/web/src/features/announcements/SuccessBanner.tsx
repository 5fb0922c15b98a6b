/** The green, dismissible success banner of /my-announcements (shown 5 s by its owner). */
import { ANN_TEXT } from './texts';

export function SuccessBanner({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <div className="ann-banner" role="status">
      <span aria-hidden>✅</span>
      <p>{text}</p>
      <button
        type="button"
        className="ann-banner-close"
        aria-label={ANN_TEXT.dismiss}
        onClick={onDismiss}
      >
        ✕
      </button>
    </div>
  );
}
