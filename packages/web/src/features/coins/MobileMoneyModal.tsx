/**
 * The Burkina Faso payment modal (spec 2 "Buy coins", §4, §5, §8): Orange Money or Moov Money,
 * the phone number, and for Orange the copyable USSD code and the six OTP boxes. A token back
 * from the server hands over to the status overlay. The card stays one tap away, for members
 * of the diaspora (or a wrong region).
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  MOBILE_MONEY_LABELS,
  MOBILE_MONEY_METHODS,
  ORANGE_OTP_LENGTH,
  orangeUssdCode,
  type TCoinPack,
  type TMobileMoneyMethod,
} from '@app/shared';
import { initMobilePayment } from '../../api/usePayments';
import { toast } from '../../ui/toast';
import { CoinsDialog } from './CoinsDialog';
import { MethodSwitch, PackSummary, PayActions } from './CoinsParts';
import { OtpInput, emptyOtp } from '../../ui/OtpInput';
import { copyToClipboard } from '../../lib/copyToClipboard';
import { mobileFormError, mobileInitError } from './paymentRules';
import { COINS_TEXT } from './texts';

export function MobileMoneyModal({
  pack,
  busy,
  initialMethod = 'orange',
  onBusy,
  onClose,
  onStarted,
  onCard,
}: {
  pack: TCoinPack;
  busy: boolean;
  /** The operator chosen on opening (the failed one again after 'Réessayer'). */
  initialMethod?: TMobileMoneyMethod;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onStarted: (method: TMobileMoneyMethod, token: string) => void;
  /** Switches to the card dialog for the same pack. */
  onCard: () => void;
}) {
  const [method, setMethod] = useState<TMobileMoneyMethod>(initialMethod);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState(() => emptyOtp(ORANGE_OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const ussdRef = useRef<HTMLElement>(null);
  const ussd = orangeUssdCode(pack.price);

  async function handleCopy() {
    if (await copyToClipboard(ussd, ussdRef.current)) toast.success(COINS_TEXT.ussdCopied);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const code = otp.join('');
    const problem = mobileFormError({ pack, method, phone, otp: code });
    if (problem) return setError(problem);
    setError(null);
    onBusy(true);
    const res = await initMobilePayment({
      amount: pack.price,
      pack_id: pack.id,
      phone,
      payment_method: method,
      ...(method === 'orange' ? { otp: code } : {}),
    });
    onBusy(false);
    const token = res.success ? (res.token ?? res.data?.token) : undefined;
    if (res.success && token) return onStarted(method, token);
    setError(mobileInitError(res, method));
    // A refused OTP is spent: the customer makes a new one.
    if (res.httpStatus === 403 && method === 'orange') setOtp(emptyOtp(ORANGE_OTP_LENGTH));
  }

  return (
    <CoinsDialog title={COINS_TEXT.mobileTitle} onClose={onClose} testId="mobile-money-modal">
      <PackSummary pack={pack} />
      <form className="pay-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <fieldset className="pay-methods" disabled={busy}>
          <legend>{COINS_TEXT.mobileLead}</legend>
          {MOBILE_MONEY_METHODS.map((m) => (
            <label key={m} className={`pay-method pay-method-${m}${m === method ? ' on' : ''}`}>
              <input
                type="radio"
                name="payment_method"
                value={m}
                checked={m === method}
                onChange={() => {
                  setMethod(m);
                  setError(null);
                }}
              />
              {MOBILE_MONEY_LABELS[m]}
            </label>
          ))}
        </fieldset>
        <MethodSwitch to="card" disabled={busy} onSwitch={onCard} />

        <div className="field">
          <label htmlFor="pay-phone">{COINS_TEXT.phoneLabel}</label>
          <input
            id="pay-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={COINS_TEXT.phonePlaceholder}
            value={phone}
            disabled={busy}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>

        {method === 'orange' ? (
          <>
            <div className="pay-ussd">
              <p>{COINS_TEXT.ussdLead}</p>
              <div className="pay-ussd-row">
                <code ref={ussdRef} data-testid="ussd-code">
                  {ussd}
                </code>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={COINS_TEXT.copyUssd}
                  onClick={() => void handleCopy()}
                >
                  {COINS_TEXT.copy}
                </button>
              </div>
            </div>
            <div className="field">
              <span className="pay-label">{COINS_TEXT.otpLabel}</span>
              <OtpInput
                digits={otp}
                onChange={setOtp}
                disabled={busy}
                groupLabel={COINS_TEXT.otpLabel}
                digitLabel={COINS_TEXT.otpDigit}
                className="pay-otp"
              />
              <p className="field-hint">{COINS_TEXT.otpHint}</p>
            </div>
          </>
        ) : (
          <p className="muted pay-note">{COINS_TEXT.moovLead}</p>
        )}

        <PayActions busy={busy} label={COINS_TEXT.confirm} error={error} onCancel={onClose} />
      </form>
    </CoinsDialog>
  );
}
