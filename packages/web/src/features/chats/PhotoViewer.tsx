/**
 * The full-screen photo viewer (spec 2 §2): an avatar from the list or a photo in the chat.
 * Closed by a tap outside the photo, the close button or Escape.
 */
import { X } from 'lucide-react';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { useDialog } from '../../ui/useDialog';

export function PhotoViewer({
  src,
  alt,
  onClose,
}: {
  src: string;
  alt: string;
  onClose: () => void;
}) {
  const closeRef = useDialog<HTMLButtonElement>(onClose);
  return (
    <div
      className="chat-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      onClick={onClose}
      data-testid="chat-viewer"
    >
      <button
        ref={closeRef}
        type="button"
        className="chat-viewer-close"
        aria-label={CHAT_TEXT.close}
      >
        <X />
      </button>
      <img src={src} alt={alt} onClick={(e) => e.stopPropagation()} decoding="async" />
    </div>
  );
}
