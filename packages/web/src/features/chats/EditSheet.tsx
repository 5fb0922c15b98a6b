/**
 * Edit one's own text message (PUT /messages/{id}/edit): the text in a box, 'Enregistrer' sends
 * it (Enter too, Shift+Enter breaks the line). The sheet stays open until the server agreed, so
 * a failure keeps what was typed and says why. Loaded when opened.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MSG, MESSAGE_TEXT_MAX, type TChatMessage } from '@app/shared';
import { useEditMessage } from '../../api/useChatMessages';
import { Sheet, SheetActions, useClosing } from '../../ui/Sheet';
import { CHAT_TEXT } from '../../lib/chats/texts';

export default function EditSheet({
  message,
  onClosed,
}: {
  message: TChatMessage;
  onClosed: () => void;
}) {
  const edit = useEditMessage();
  const { closing, close } = useClosing(onClosed);
  const [text, setText] = useState(message.content);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  // The caret at the end of the text, ready to type (after the sheet took the focus).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const handleSave = () => {
    if (edit.isPending) return;
    const content = text.trim();
    if (!content) return setError(CHAT_MSG.empty);
    if (content.length > MESSAGE_TEXT_MAX) return setError(CHAT_MSG.tooLong);
    if (content === message.content) return close();
    setError(null);
    edit.mutate(
      { messageId: message.id, content },
      { onSuccess: () => close(), onError: (err) => setError(err.message) },
    );
  };

  const handleKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    handleSave();
  };

  return (
    <Sheet label={CHAT_TEXT.editTitle} closing={closing} onClose={close}>
      <h2 className="chat-sheet-title">{CHAT_TEXT.editTitle}</h2>
      <label className="field">
        <span className="visually-hidden">{CHAT_TEXT.editTitle}</span>
        <textarea
          ref={box}
          rows={4}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKey}
          enterKeyHint="done"
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <SheetActions
        action={edit.isPending ? CHAT_TEXT.editSaving : CHAT_TEXT.editSave}
        tone="primary"
        busy={edit.isPending}
        onAction={handleSave}
        onCancel={close}
      />
    </Sheet>
  );
}
