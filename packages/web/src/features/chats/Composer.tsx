/**
 * The composer (spec 2 §2, §4, §5): multi-line text growing to 120 px, Enter sends and
 * Shift+Enter breaks the line; emoji picker (loaded when opened); photo attach with preview;
 * voice recording. Its text lives here, so typing never redraws the message list. The parts:
 * the draft (useDraftText), typing (useTypingAnnouncer), the photo (usePhotoAttach,
 * PhotoPreview) and the recording (useVoiceRecorder, RecorderBar).
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { lazyPart } from '../../ui/lazyPart';
import { COMPOSER_MAX_PX } from './constants';
import { IconImage, IconMic, IconSend, IconSmile } from './icons';
import { PhotoPreview } from './PhotoPreview';
import { RecorderBar } from './RecorderBar';
import { useDraftText } from './useDraftText';
import { usePhotoAttach } from './usePhotoAttach';
import { useTypingAnnouncer } from './useTypingAnnouncer';
import { useVoiceRecorder, type VoiceClip } from './useVoiceRecorder';

const EmojiPicker = lazyPart(() => import('./EmojiPicker'), {
  fallback: <div className="emoji-picker" />,
});

interface Props {
  chatId: number;
  locked: boolean;
  /** A message is on its way: send waits (spec 2 §5). */
  busy: boolean;
  onLocked: () => void;
  /** Each one queues the message in the outbox, which sends it now or once back online. */
  onText: (text: string) => void;
  onImage: (image: Blob, caption: string) => void;
  onVoice: (clip: VoiceClip) => void;
}

export function Composer({ chatId, locked, busy, onLocked, onText, onImage, onVoice }: Props) {
  const draft = useDraftText(chatId);
  const { text } = draft;
  const [emojiOpen, setEmojiOpen] = useState(false);
  const attached = usePhotoAttach();
  const image = attached.photo;
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useTypingAnnouncer(chatId);
  const voice = useVoiceRecorder(onVoice);

  // Grow with the text up to 120 px, then scroll inside.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMPOSER_MAX_PX)}px`;
  }, [text]);

  const change = (next: string) => {
    draft.setText(next);
    typing.note(next);
  };

  const insertEmoji = (emoji: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    change(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const clearText = () => {
    draft.clear();
    typing.stop();
  };

  const handleSend = async () => {
    if (locked) return onLocked();
    if (image) {
      if (await attached.send(onImage, text.trim())) clearText();
      return;
    }
    const content = text.trim();
    if (!content || busy) return;
    onText(content);
    clearText();
    box.current?.focus();
  };

  const handleKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void handleSend();
  };

  if (voice.state.kind !== 'idle') {
    return <RecorderBar state={voice.state} onCancel={voice.cancel} onSend={voice.send} />;
  }

  const canSend = image ? !attached.busy : !!text.trim() && !busy;
  return (
    <div className="composer-wrap">
      {image && <PhotoPreview url={image.url} busy={attached.busy} onRemove={attached.remove} />}
      {emojiOpen && <EmojiPicker onPick={insertEmoji} />}
      <div className="composer">
        <button
          type="button"
          className={emojiOpen ? 'composer-btn active' : 'composer-btn'}
          aria-label={CHAT_TEXT.emoji}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((o) => !o)}
        >
          <IconSmile />
        </button>
        <button
          type="button"
          className="composer-btn"
          aria-label={CHAT_TEXT.attachImage}
          onClick={() => (locked ? onLocked() : fileInput.current?.click())}
        >
          <IconImage />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            if (attached.attach(e.target.files?.[0])) setEmojiOpen(false);
            e.target.value = '';
          }}
          data-testid="image-input"
        />
        <textarea
          ref={box}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={image ? CHAT_TEXT.captionPlaceholder : CHAT_TEXT.messagePlaceholder}
          aria-label={CHAT_TEXT.messagePlaceholder}
          onChange={(e) => change(e.target.value)}
          onKeyDown={handleKey}
          onFocus={() => setEmojiOpen(false)}
          enterKeyHint="send"
        />
        {!text.trim() && !image && (
          <button
            type="button"
            className="composer-btn"
            aria-label={CHAT_TEXT.record}
            onClick={() => (locked ? onLocked() : voice.start())}
          >
            <IconMic />
          </button>
        )}
        <button
          type="button"
          className="composer-send"
          aria-label={CHAT_TEXT.send}
          disabled={!canSend}
          onClick={() => void handleSend()}
        >
          <IconSend />
        </button>
      </div>
    </div>
  );
}
