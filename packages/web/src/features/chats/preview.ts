/** The chat list's last-message preview (spec 2 §2). */
import { callLineText, type TChatSummary } from '@app/shared';
import { CHAT_TEXT } from '../../lib/chats/texts';

type LastMessage = Pick<NonNullable<TChatSummary['last_message']>, 'content' | 'is_own_message'> & {
  /** The spec lists video and file too, though the server sends only text, image and audio. */
  type: string;
};

const MEDIA: Record<string, string> = {
  image: CHAT_TEXT.previewImage,
  audio: CHAT_TEXT.previewAudio,
  video: CHAT_TEXT.previewVideo,
  file: CHAT_TEXT.previewFile,
};

export function previewText(last: LastMessage | null): string {
  if (!last) return CHAT_TEXT.noMessage;
  const body =
    last.type === 'call'
      ? (callLineText(last.content, null).split(' · ')[0] ?? '')
      : (MEDIA[last.type] ?? last.content.replace(/\s+/g, ' ').trim());
  return last.is_own_message ? `${CHAT_TEXT.ownPrefix}${body}` : body;
}
