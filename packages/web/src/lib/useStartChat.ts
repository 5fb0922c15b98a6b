/**
 * 'Envoyer un message' from a swipe card or the map's sheet: opens (or creates) the private chat
 * with the member through POST /chats/create and goes to /chat/{chat_id} (spec 1 §2, §5, §8).
 */
import { useState } from 'react';
import { useNavigate } from './router';
import { SWIPE_MSG } from '@app/shared';
import { createChatWith } from '../api/useAnnouncements';
import { firstError } from '../api/client';

export function useStartChat() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // The error belongs to the member it was about: another card or sheet does not show it.
  const [failure, setFailure] = useState<{ forId: number | null; text: string } | null>(null);

  const start = async (otherUserId: number | null | undefined) => {
    const forId = otherUserId ?? null;
    if (!otherUserId) return setFailure({ forId, text: SWIPE_MSG.chatInvalid });
    setBusy(true);
    setFailure(null);
    const res = await createChatWith(otherUserId);
    setBusy(false);
    const chatId = res.data?.chat_id;
    if (res.success && chatId) return navigate(`/chat/${chatId}`);
    if (res.httpStatus === 0) return setFailure({ forId, text: SWIPE_MSG.chatConnection });
    setFailure({ forId, text: (res.success ? '' : firstError(res)) || SWIPE_MSG.chatError });
  };

  const errorFor = (id: number | null | undefined) =>
    failure && failure.forId === (id ?? null) ? failure.text : null;

  return { start, busy, errorFor };
}
