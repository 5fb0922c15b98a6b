/**
 * The composer (spec 2 §2, §4, §5): multi-line text growing to 120 px, Enter sends and
 * Shift+Enter breaks the line; emoji picker (loaded when opened); photo attach with preview;
 * voice recording. Its text lives here, so typing never redraws the message list. The draft is
 * kept per chat, and typing is announced while the box is not empty.
 */
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { PHOTO_MAX_BYTES } from '@app/shared';
import { announceTyping } from '../../api/useChatSignals';
import { toast } from '../../ui/toast';
import { COMPOSER_MAX_PX, DRAFT_SAVE_MS, IMAGE_PREVIEW_MAX_PX, TYPING_IDLE_MS } from './constants';
import { loadDraft, saveDraft } from './draft';
import { IconImage, IconMic, IconSmile, IconTrash } from './icons';
import { clockOf, shrinkImage } from './media';
import { CHAT_TEXT } from '../../lib/chats/texts';
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

/** Announces typing when the box fills, stops when it empties, after a pause, a send or leaving. */
function useTypingAnnouncer(chatId: number) {
  const typing = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useRef(() => {});
  useEffect(() => {
    stop.current = () => {
      clearTimeout(idle.current);
      if (!typing.current) return;
      typing.current = false;
      announceTyping(chatId, false);
    };
    const stopNow = stop.current;
    return () => stopNow();
  }, [chatId]);
  const note = (text: string) => {
    if (!text.trim()) return stop.current();
    if (!typing.current) {
      typing.current = true;
      announceTyping(chatId, true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(() => stop.current(), TYPING_IDLE_MS);
  };
  return { note, stop: () => stop.current() };
}

export function Composer({ chatId, locked, busy, onLocked, onText, onImage, onVoice }: Props) {
  const [text, setText] = useState(() => loadDraft(chatId));
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  const [sendingImage, setSendingImage] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useTypingAnnouncer(chatId);
  const voice = useVoiceRecorder(onVoice);

  // Grow with the text up to 120 px, then scroll inside.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMPOSER_MAX_PX)}px`;
  }, [text]);

  // Save the draft a moment after typing; at once when leaving.
  useEffect(() => {
    draftTimer.current = setTimeout(() => saveDraft(chatId, text), DRAFT_SAVE_MS);
    return () => clearTimeout(draftTimer.current);
  }, [chatId, text]);
  const latestText = useRef(text);
  useEffect(() => {
    latestText.current = text;
  });
  useEffect(() => () => saveDraft(chatId, latestText.current), [chatId]);

  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.url);
  }, [image]);

  const change = (next: string) => {
    setText(next);
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
    setText('');
    saveDraft(chatId, '');
    typing.stop();
  };

  const handleSend = async () => {
    if (locked) return onLocked();
    if (image) {
      setSendingImage(true);
      const blob = await shrinkImage(image.file);
      if (blob.size > PHOTO_MAX_BYTES) {
        setSendingImage(false);
        return void toast.error(CHAT_TEXT.imageTooLarge);
      }
      onImage(blob, text.trim());
      setSendingImage(false);
      setImage(null);
      clearText();
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

  const handleFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return void toast.error(CHAT_TEXT.imageOnly);
    setImage({ file, url: URL.createObjectURL(file) });
    setEmojiOpen(false);
  };

  if (voice.state.kind !== 'idle') {
    const sending = voice.state.kind === 'sending';
    return (
      <div className="composer recording" data-testid="recorder">
        <button
          type="button"
          className="composer-btn"
          aria-label={CHAT_TEXT.cancelRecording}
          onClick={voice.cancel}
          disabled={sending}
        >
          <IconTrash />
        </button>
        <span className="rec-status" role="timer" aria-label={CHAT_TEXT.recording}>
          <span className="rec-dot" aria-hidden />
          {sending
            ? CHAT_TEXT.sending
            : clockOf(voice.state.kind === 'recording' ? voice.state.seconds : 0)}
        </span>
        <button
          type="button"
          className="composer-send"
          aria-label={CHAT_TEXT.sendRecording}
          onClick={voice.send}
          disabled={sending}
        >
          <SendIcon />
        </button>
      </div>
    );
  }

  const canSend = image ? !sendingImage : !!text.trim() && !busy;
  return (
    <div className="composer-wrap">
      {image && (
        <div className="composer-image">
          <img src={image.url} alt="" style={{ maxWidth: IMAGE_PREVIEW_MAX_PX }} />
          <button
            type="button"
            className="composer-image-remove"
            aria-label={CHAT_TEXT.removeImage}
            onClick={() => setImage(null)}
            disabled={sendingImage}
          >
            <X />
          </button>
          {sendingImage && (
            <span className="composer-image-busy">
              <span className="spinner chat-spin-sm" />
            </span>
          )}
        </div>
      )}
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
            handleFile(e.target.files?.[0]);
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
          <SendIcon />
        </button>
      </div>
    </div>
  );
}

function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
      <path
        fill="currentColor"
        d="M3.4 20.4l17.45-7.48a1 1 0 0 0 0-1.84L3.4 3.6a.99.99 0 0 0-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z"
      />
    </svg>
  );
}
