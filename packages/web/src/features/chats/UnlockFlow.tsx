/**
 * Unlocking a chat with coins (spec 2 §2, §4): the 'Chat verrouillé' modal, and the 'Solde
 * Insuffisant' one when the balance is too small (known here without calling the server, or
 * answered by it). The screen only says which step shows; a success toasts and throws confetti,
 * and the outbox resumes by itself once the thread says the chat is open.
 */
import { isInsufficientCoins, useUnlockChat } from '../../api/useChatActions';
import { useProfile } from '../../api/useProfile';
import { getToken } from '../../auth/session';
import { CHAT_TEXT } from '../../lib/chats/texts';
import type { ChatThread } from '../../lib/chats/types';
import { toast } from '../../ui/toast';
import { InsufficientModal, UnlockModal } from './UnlockModals';

export type UnlockStep = 'unlock' | 'insufficient' | null;

export function UnlockFlow({
  chatId,
  chat,
  step,
  onStep,
}: {
  chatId: number;
  chat: ChatThread['chat'];
  step: UnlockStep;
  onStep: (step: UnlockStep) => void;
}) {
  const balance = useProfile().data?.coins ?? chat.user_coins;
  const unlock = useUnlockChat(chatId);

  const handleUnlock = () => {
    if (!getToken()) return void toast.error(CHAT_TEXT.tokenMissing);
    // Spec 2 §4: too few coins opens the insufficient modal without calling the server.
    if (balance < chat.unlock_cost) return onStep('insufficient');
    unlock.mutate(undefined, {
      onSuccess: () => {
        onStep(null);
        toast.success(CHAT_TEXT.unlocked);
        void import('./confetti').then((m) => m.playConfetti());
      },
      onError: (err) => {
        if (isInsufficientCoins(err)) onStep('insufficient');
      },
    });
  };

  if (step === 'insufficient') return <InsufficientModal onClose={() => onStep(null)} />;
  if (step !== 'unlock') return null;
  const error =
    unlock.error && !isInsufficientCoins(unlock.error)
      ? unlock.error.message || CHAT_TEXT.unlockError
      : null;
  return (
    <UnlockModal
      cost={chat.unlock_cost}
      balance={balance}
      isSender={chat.is_sender}
      busy={unlock.isPending}
      error={error}
      onUnlock={handleUnlock}
      onClose={() => {
        unlock.reset();
        onStep(null);
      }}
    />
  );
}
