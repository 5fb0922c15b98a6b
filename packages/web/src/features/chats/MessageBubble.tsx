/**
 * One message (memoised: a new message or a status change redraws only its own bubble). Text is
 * rendered as text; photos open the viewer. A tap (or a long press) on one's own message shows
 * its actions: 'Modifier' for a text, deletion while unread. '(modifié)' once edited.
 */
import { memo } from 'react';
import type { TChatMessage } from '@app/shared';
import { AudioBubble } from './AudioBubble';
import { CallLine } from './CallLine';
import { LitePhoto } from '../../ui/LitePhoto';
import { sentPhotoOf } from '../../lib/chats/sentPhotos';
import { IMAGE_PREVIEW_MAX_PX } from './constants';
import { IconPencil, IconTrash } from './icons';
import { timeLabel } from '../../lib/chats/dates';
import { Ticks } from './Ticks';
import { tickState } from '../../lib/chats/ticks';
import { CHAT_TEXT } from '../../lib/chats/texts';

export const MessageBubble = memo(function MessageBubble({
  message: m,
  mine,
  selected,
  flash,
  onSelect,
  onImage,
  onEdit,
  onDelete,
  onMediaLoad,
  onReport,
}: {
  message: TChatMessage;
  mine: boolean;
  selected: boolean;
  /** Just reached from the search: briefly highlighted. */
  flash: boolean;
  onSelect: (id: number | null) => void;
  onImage: (m: TChatMessage) => void;
  onEdit: (m: TChatMessage) => void;
  onDelete: (m: TChatMessage) => void;
  onMediaLoad: () => void;
  /** Reports the other member (« Signaler » on a call's line). */
  onReport?: (() => void) | undefined;
}) {
  const isCall = m.type === 'call';
  const deletable = mine && m.status !== 'read' && !isCall;
  const editable = mine && m.type === 'text';
  const actionable = deletable || editable;
  // A photo sent from this phone shows its own bytes (nothing downloaded back).
  const ownPhoto = m.type === 'image' && mine ? sentPhotoOf(m.client_id) : undefined;
  const bubbleClass = `bubble bubble-type-${m.type}${selected ? ' selected' : ''}${flash ? ' flash' : ''}`;
  return (
    <div className={mine ? 'msg-row mine' : 'msg-row'} data-testid="message" data-message-id={m.id}>
      <div
        className={bubbleClass}
        onClick={actionable ? () => onSelect(selected ? null : m.id) : undefined}
        // A long press on a phone (or a right click) opens the actions too.
        onContextMenu={
          actionable
            ? (e) => {
                e.preventDefault();
                onSelect(m.id);
              }
            : undefined
        }
      >
        {m.type === 'image' && (m.preview_url || m.file_url) && (
          <button
            type="button"
            className="bubble-image"
            onClick={(e) => {
              e.stopPropagation();
              onImage(m);
            }}
          >
            <LitePhoto
              src={ownPhoto ?? m.preview_url ?? m.file_url ?? ''}
              lite={ownPhoto ? null : m.preview_lite_url}
              alt="Photo"
              style={{ maxWidth: IMAGE_PREVIEW_MAX_PX }}
              loading="lazy"
              decoding="async"
              onLoad={onMediaLoad}
            />
          </button>
        )}
        {m.type === 'audio' && m.file_url && <AudioBubble src={m.file_url} duration={m.duration} />}
        {isCall && <CallLine outcome={m.content} duration={m.duration} onReport={onReport} />}
        {m.content && !isCall && <p className="bubble-text">{m.content}</p>}
        <span className="bubble-meta">
          {m.edited_at && (
            <span className="bubble-edited" data-testid="edited-mark">
              {CHAT_TEXT.edited}
            </span>
          )}
          <time dateTime={m.created_at}>{timeLabel(m.created_at)}</time>
          {mine && <Ticks state={tickState(m)} />}
        </span>
      </div>
      {actionable && (
        <div className="msg-actions" role="group" aria-label={CHAT_TEXT.messageActions}>
          {editable && (
            <button
              type="button"
              className={selected ? 'msg-edit shown' : 'msg-edit'}
              aria-label={CHAT_TEXT.edit}
              onClick={() => onEdit(m)}
            >
              <IconPencil size={17} />
            </button>
          )}
          {deletable && (
            <button
              type="button"
              className={selected ? 'msg-delete shown' : 'msg-delete'}
              aria-label={CHAT_TEXT.delete}
              onClick={() => onDelete(m)}
            >
              <IconTrash size={18} />
            </button>
          )}
        </div>
      )}
    </div>
  );
});
