/**
 * The composer while a voice message is recorded (spec 2 §4): cancel, the running time (or
 * 'Envoi...' once handed over), and send. Both buttons wait while the clip is handed over.
 */
import { CHAT_TEXT } from '../../lib/chats/texts';
import { IconSend, IconTrash } from './icons';
import { clockOf } from './media';
import type { Recording } from './useVoiceRecorder';

export function RecorderBar({
  state,
  onCancel,
  onSend,
}: {
  state: Exclude<Recording, { kind: 'idle' }>;
  onCancel: () => void;
  onSend: () => void;
}) {
  const sending = state.kind === 'sending';
  return (
    <div className="composer recording" data-testid="recorder">
      <button
        type="button"
        className="composer-btn"
        aria-label={CHAT_TEXT.cancelRecording}
        onClick={onCancel}
        disabled={sending}
      >
        <IconTrash />
      </button>
      <span className="rec-status" role="timer" aria-label={CHAT_TEXT.recording}>
        <span className="rec-dot" aria-hidden />
        {state.kind === 'recording' ? clockOf(state.seconds) : CHAT_TEXT.sending}
      </span>
      <button
        type="button"
        className="composer-send"
        aria-label={CHAT_TEXT.sendRecording}
        onClick={onSend}
        disabled={sending}
      >
        <IconSend />
      </button>
    </div>
  );
}
