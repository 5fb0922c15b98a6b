/**
 * The 'Chat verrouillé' modal (cost, balance, unlock) and the 'Solde Insuffisant' modal with the
 * way to buy coins (spec 2 §2, §4, §8).
 */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from '../../lib/router';
import { IconCoin, IconLock } from './icons';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { Dialog } from '../../ui/Dialog';

function Modal({
  labelId,
  onClose,
  children,
}: {
  labelId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      backdropClassName="chat-modal-backdrop"
      className="chat-modal"
      labelledBy={labelId}
      onClose={onClose}
    >
      <button
        type="button"
        className="chat-modal-close"
        aria-label={CHAT_TEXT.close}
        onClick={onClose}
      >
        <X />
      </button>
      {children}
    </Dialog>
  );
}

export function UnlockModal({
  cost,
  balance,
  isSender,
  busy,
  error,
  onUnlock,
  onClose,
}: {
  cost: number;
  balance: number;
  isSender: boolean;
  busy: boolean;
  error: string | null;
  onUnlock: () => void;
  onClose: () => void;
}) {
  return (
    <Modal labelId="unlock-title" onClose={onClose}>
      <div className="chat-modal-hero" aria-hidden>
        <IconLock size={30} />
      </div>
      <h2 id="unlock-title">{CHAT_TEXT.lockedTitle}</h2>
      <p className="muted">{CHAT_TEXT.lockedHint(cost, isSender)}</p>
      <dl className="unlock-figures">
        <div>
          <dt>{CHAT_TEXT.cost}</dt>
          <dd>
            <IconCoin /> {CHAT_TEXT.coins(cost)}
          </dd>
        </div>
        <div>
          <dt>{CHAT_TEXT.balance}</dt>
          <dd className={balance < cost ? 'short' : undefined}>
            <IconCoin /> {CHAT_TEXT.coins(balance)}
          </dd>
        </div>
      </dl>
      {error && (
        <p className="form-msg form-msg-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy}
        onClick={onUnlock}
        data-testid="unlock-button"
      >
        {busy ? CHAT_TEXT.unlocking : CHAT_TEXT.unlock(cost)}
      </button>
      <button type="button" className="btn btn-link btn-block" onClick={onClose}>
        {CHAT_TEXT.cancel}
      </button>
    </Modal>
  );
}

export function InsufficientModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal labelId="insufficient-title" onClose={onClose}>
      <div className="chat-modal-hero" aria-hidden>
        <IconCoin size={36} />
      </div>
      <h2 id="insufficient-title">{CHAT_TEXT.insufficientTitle}</h2>
      <p className="muted">{CHAT_TEXT.insufficientText}</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => navigate('/buy-coins')}
      >
        {CHAT_TEXT.buyCoins}
      </button>
    </Modal>
  );
}
