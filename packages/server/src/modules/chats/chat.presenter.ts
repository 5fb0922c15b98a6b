/** Allowlists for chats and messages (spec 2 §3). */
import type { Deps } from '../../deps.js';
import { DELETED_MEMBER_NAME, type TChatMessage, type TChatSummary } from '@app/shared';
import { photoUrls } from '../../adapters/images/photos.js';
import type { ChatListRow } from './chat.repository.js';
import type { MessageRow } from './message.repository.js';
import { signMediaUrl } from './media.js';
import { lockViewOf } from './lock-rule.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function photoOf(
  deps: Pick<Deps, 'storage'>,
  key: string | null,
  variant: 'thumb' | 'card' | 'full' = 'thumb',
) {
  return key ? photoUrls(deps.storage, key)[variant] : null;
}

/**
 * A message as `viewerId` sees it: the scam shield's warning is shown to the receiver alone
 * (the sender sees nothing different), and no « Lu » where read receipts are off.
 */
export function presentMessage(
  deps: Pick<Deps, 'secret'>,
  m: MessageRow,
  viewerId: number,
  /** Read receipts off on either side (read-receipts.ts): « Lu » shows as delivered. */
  hideRead = false,
): TChatMessage {
  const created = new Date(m.created_at).toISOString();
  let fileUrl: string | null = null;
  let previewUrl: string | null = null;
  let previewLiteUrl: string | null = null;
  if (m.file_key && m.type === 'image') {
    fileUrl = signMediaUrl(deps, `${m.file_key}-full.webp`);
    previewUrl = signMediaUrl(deps, `${m.file_key}-card.webp`);
    previewLiteUrl = signMediaUrl(deps, `${m.file_key}-lite.webp`);
  } else if (m.file_key) {
    fileUrl = signMediaUrl(deps, m.file_key);
  }
  return {
    id: m.id,
    chat_id: m.chat_id,
    chatId: m.chat_id,
    sender_id: m.sender_id,
    type: m.type,
    content: m.content,
    file_url: fileUrl,
    preview_url: previewUrl,
    preview_lite_url: previewLiteUrl,
    duration: m.duration_s,
    reply_to_id: m.reply_to_id,
    status: hideRead && m.status === 'read' ? 'delivered' : m.status,
    created_at: created,
    timestamp: created,
    edited_at: iso(m.edited_at),
    client_id: m.client_id,
    safety_warning: m.safety_flag && m.sender_id !== viewerId,
  };
}

export function presentChatSummary(
  deps: Pick<Deps, 'storage'>,
  r: ChatListRow,
  viewerId: number,
  online: boolean,
): TChatSummary {
  const { isLockedForUser } = lockViewOf(r);
  const deleted = !!r.other_deleted_at;
  // A closed chat shows no more of the member who closed it than their name and photo.
  const closed = r.closed_at !== null;
  return {
    id: r.id,
    name: deleted ? DELETED_MEMBER_NAME : (r.other_name ?? 'Membre'),
    photo: deleted ? null : photoOf(deps, r.other_photo_key),
    other_user_id: r.other_id,
    is_online: !deleted && !closed && online,
    unread_count: r.unread_count,
    updated_at: new Date(r.updated_at).toISOString(),
    is_locked_for_user: isLockedForUser,
    muted: r.me_muted,
    closed,
    last_message:
      r.last_id && r.last_type && r.last_created_at && r.last_sender_id
        ? {
            content:
              r.last_type === 'text' || r.last_type === 'call'
                ? (r.last_content ?? '').slice(0, 120)
                : '',
            type: r.last_type,
            timestamp: new Date(r.last_created_at).toISOString(),
            is_own_message: r.last_sender_id === viewerId,
            is_unread: r.last_sender_id !== viewerId && !r.last_read_at,
            message_id: r.last_id,
            sender_id: r.last_sender_id,
          }
        : null,
  };
}
