/**
 * The full-screen photo viewer (spec 2 §2): an avatar from the list or a photo in the chat.
 * Closed by a tap outside the photo, the close button or Escape.
 */
import { X } from 'lucide-react';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { useEffect, useRef } from 'react';
import { Dialog } from '../../ui/Dialog';

export function PhotoViewer({
  src,
  alt,
  onClose,
}: {
  src: string;
  alt: string;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <Dialog
      backdropClassName="chat-viewer"
      className={false}
      label={alt}
      testId="chat-viewer"
      onClose={onClose}
    >
      <button
        ref={closeRef}
        type="button"
        className="chat-viewer-close"
        aria-label={CHAT_TEXT.close}
        onClick={onClose}
      >
        <X />
      </button>
      <img src={src} alt={alt} decoding="async" />
    </Dialog>
  );
}
