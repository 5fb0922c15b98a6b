/**
 * The full-screen photo viewer (spec 2 §2): an avatar from the list or a photo in the chat.
 * Closed by a tap outside the photo, the close button or Escape.
 */
import { useEffect, useRef } from 'react';
import { CHAT_TEXT } from './texts';

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
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current();
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      previous?.focus();
    };
  }, []);
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
        ✕
      </button>
      <img src={src} alt={alt} onClick={(e) => e.stopPropagation()} decoding="async" />
    </div>
  );
}
