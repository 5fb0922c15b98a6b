/**
 * The photo waiting in the composer (spec 2 §4): its preview at most 250 px wide, the button to
 * take it out, and a spinner while it is being made ready to send.
 */
import { X } from 'lucide-react';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { IMAGE_PREVIEW_MAX_PX } from './constants';

export function PhotoPreview({
  url,
  busy,
  onRemove,
}: {
  url: string;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="composer-image">
      <img src={url} alt="" style={{ maxWidth: IMAGE_PREVIEW_MAX_PX }} />
      <button
        type="button"
        className="composer-image-remove"
        aria-label={CHAT_TEXT.removeImage}
        onClick={onRemove}
        disabled={busy}
      >
        <X />
      </button>
      {busy && (
        <span className="composer-image-busy">
          <span className="spinner chat-spin-sm" />
        </span>
      )}
    </div>
  );
}
