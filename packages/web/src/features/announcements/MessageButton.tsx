/**
 * 'Envoyer un message' on a card: opens (or creates) the chat with the author and goes to it;
 * the spec's errors show in red under the button (spec 1 §5, §8).
 */
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { firstError } from '../../api/client';
import { createChatWith } from '../../api/useAnnouncements';
import { ANN_TEXT } from './texts';

export function MessageButton({ authorId }: { authorId: number | undefined }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleClick = async () => {
    if (!authorId) return setError(ANN_TEXT.chatMissingId);
    setBusy(true);
    setError(null);
    const res = await createChatWith(authorId);
    setBusy(false);
    const chatId = res.data?.chat_id;
    if (res.success && chatId) return navigate(`/chat/${chatId}`);
    if (res.httpStatus === 0) return setError(ANN_TEXT.chatNetworkError);
    setError((res.success ? '' : firstError(res)) || ANN_TEXT.chatError);
  };

  return (
    <div className="ann-message">
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void handleClick()}
      >
        {ANN_TEXT.sendMessage}
      </button>
      {error && (
        <p className="ann-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
