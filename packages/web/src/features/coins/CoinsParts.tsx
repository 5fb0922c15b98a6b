/** Small pieces shared by the coin screens and their payment dialogs. */
import { ArrowLeft, CreditCard, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatFcfa, type TCoinPack } from '@app/shared';
import { useLocation, useNavigate } from '../../lib/router';
import { COINS_TEXT } from './texts';

/** Back (in history when there is one, else `fallback`), the title, an optional action. */
export function CoinsHeader({
  title,
  fallback,
  action,
}: {
  title: string;
  fallback: string;
  action?: ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly (or coming back from the card provider) has no history to go to.
  const goBack = () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
  return (
    <header className="coins-header">
      <button
        type="button"
        className="coins-icon-btn"
        aria-label={COINS_TEXT.back}
        onClick={goBack}
      >
        <ArrowLeft />
      </button>
      <h1>{title}</h1>
      {action ?? <span className="coins-header-spacer" />}
    </header>
  );
}

/**
 * Annuler and the main action, stuck at the bottom of a payment dialog, with the form's error
 * just above them: where the finger and the eye are after a tap, never scrolled out of sight
 * nor under the buttons however long the form.
 */
export function PayActions({
  busy,
  label,
  error,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  label: string;
  error: string | null;
  onCancel: () => void;
  /** Without it the main button submits the surrounding form. */
  onConfirm?: () => void;
}) {
  return (
    <div className="pay-actions">
      <p className="pay-error" role="alert">
        {error}
      </p>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {COINS_TEXT.cancel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="btn btn-primary"
        onClick={onConfirm}
        disabled={busy}
      >
        {busy ? COINS_TEXT.processing : label}
      </button>
    </div>
  );
}

/** The chosen pack at the top of a payment dialog: coins (+ bonus) and the price. */
export function PackSummary({ pack }: { pack: TCoinPack }) {
  return (
    <p className="pay-summary">
      <strong>{COINS_TEXT.summary(pack.coins, pack.bonus)}</strong>
      <span>{formatFcfa(pack.price)}</span>
    </p>
  );
}

/**
 * 'ou' and the other way to pay, offered in each payment dialog whatever the region: the card
 * from the mobile-money dialog, Orange / Moov from the card one.
 */
export function MethodSwitch({
  to,
  disabled,
  onSwitch,
}: {
  to: 'card' | 'mobile';
  disabled: boolean;
  onSwitch: () => void;
}) {
  const Icon = to === 'card' ? CreditCard : Smartphone;
  return (
    <div className="pay-switch">
      <span className="pay-switch-or">{COINS_TEXT.or}</span>
      <button
        type="button"
        className="pay-switch-btn"
        disabled={disabled}
        data-testid={`switch-to-${to}`}
        onClick={onSwitch}
      >
        <Icon aria-hidden />
        <span>{to === 'card' ? COINS_TEXT.payByCard : COINS_TEXT.payByMobile}</span>
      </button>
    </div>
  );
}
