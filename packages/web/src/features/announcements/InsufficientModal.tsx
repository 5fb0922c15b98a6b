/**
 * 'Solde Insuffisant' (spec 2 "New announcement"): the price and the balance, 'Acheter des
 * pièces' to /buy-coins; closed by its button, a tap outside or Escape.
 */
import { CoinIcon } from '../../ui/CoinIcon';
import { X } from 'lucide-react';
import { useNavigate } from '../../lib/router';
import { Dialog } from '../../ui/Dialog';
import { ANN_TEXT } from './texts';

export function InsufficientModal({
  required,
  owned,
  onClose,
}: {
  required: number;
  owned: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      backdropClassName="ann-backdrop"
      className="ann-modal ann-insufficient"
      labelledBy="ann-insufficient-title"
      onClose={onClose}
    >
      <button
        type="button"
        className="ann-icon-btn ann-modal-close"
        aria-label={ANN_TEXT.close}
        onClick={onClose}
      >
        <X />
      </button>
      <div className="ann-modal-hero" aria-hidden>
        <CoinIcon />
      </div>
      <h2 id="ann-insufficient-title">{ANN_TEXT.insufficientTitle}</h2>
      <p>{ANN_TEXT.insufficientText}</p>
      <ul className="ann-amounts">
        <li>{ANN_TEXT.required(required)}</li>
        <li>{ANN_TEXT.owned(owned)}</li>
      </ul>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => navigate('/buy-coins')}
      >
        {ANN_TEXT.buyCoins}
      </button>
    </Dialog>
  );
}
