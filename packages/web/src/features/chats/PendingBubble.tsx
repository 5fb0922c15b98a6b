/**
 * A message still in the outbox: its text, or the photo (drawn from the kept bytes) or the
 * voice message's length; the clock, or the failure with retry and discard.
 */
import { memo, useEffect, useState } from 'react';
import { IMAGE_PREVIEW_MAX_PX } from './constants';
import { timeLabel } from '../../lib/chats/dates';
import { clockOf } from './media';
import type { OutboxItem } from '../../lib/chats/outbox';
import { loadOutboxBlob } from '../../lib/chats/outboxBlobs';
import { Ticks } from './Ticks';
import { tickState } from '../../lib/chats/ticks';
import { CHAT_TEXT } from '../../lib/chats/texts';

/** A local address for the waiting photo, released when the bubble goes. */
function useWaitingPhoto(item: OutboxItem): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const { kind, local_id: localId } = item;
  useEffect(() => {
    if (kind !== 'image') return;
    let made: string | null = null;
    let live = true;
    void loadOutboxBlob(localId).then((blob) => {
      if (!live || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [kind, localId]);
  return url;
}

export const PendingBubble = memo(function PendingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: OutboxItem;
  onRetry: (localId: string) => void;
  onDiscard: (localId: string) => void;
}) {
  const failed = item.state === 'failed';
  const photo = useWaitingPhoto(item);
  const look = item.kind === 'text' ? 'bubble-text-only' : `bubble-type-${item.kind}`;
  return (
    <div className="msg-row mine" data-testid="pending-message" data-kind={item.kind}>
      <div className={`bubble ${look} ${failed ? 'failed' : 'pending'}`}>
        {item.kind === 'image' &&
          (photo ? (
            <span className="bubble-image">
              <img src={photo} alt="Photo" style={{ maxWidth: IMAGE_PREVIEW_MAX_PX }} />
            </span>
          ) : (
            <p className="bubble-text">{CHAT_TEXT.previewImage}</p>
          ))}
        {item.kind === 'audio' && (
          <p className="bubble-text">
            {CHAT_TEXT.previewAudio} · {clockOf(item.seconds ?? 0)}
          </p>
        )}
        {item.content && <p className="bubble-text">{item.content}</p>}
        <span className="bubble-meta">
          <time dateTime={item.created_at}>{timeLabel(item.created_at)}</time>
          <Ticks state={tickState(item)} />
        </span>
        {failed && (
          <span className="bubble-failed">
            <span>{item.error ?? CHAT_TEXT.failedActions}</span>
            <button type="button" className="btn-link" onClick={() => onRetry(item.local_id)}>
              {CHAT_TEXT.retrySend}
            </button>
            <button type="button" className="btn-link" onClick={() => onDiscard(item.local_id)}>
              {CHAT_TEXT.discard}
            </button>
          </span>
        )}
      </div>
    </div>
  );
});
