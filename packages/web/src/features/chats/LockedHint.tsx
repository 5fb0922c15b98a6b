/**
 * The banner of a chat locked for the member (spec 2 §4): the unlock cost, worded for the one who
 * started the chat or the one who received it; a tap opens the unlock modal.
 */
import { IconLock } from './icons';
import { CHAT_TEXT } from '../../lib/chats/texts';

export function LockedHint({
  cost,
  isSender,
  onOpen,
}: {
  cost: number;
  isSender: boolean;
  onOpen: () => void;
}) {
  return (
    <button type="button" className="chat-locked-hint" onClick={onOpen} data-testid="locked-hint">
      <IconLock size={16} />
      <span>{CHAT_TEXT.lockedHint(cost, isSender)}</span>
    </button>
  );
}
