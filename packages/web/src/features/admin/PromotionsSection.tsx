/**
 * Promotions (admins): an 'Offre spéciale' notification written here and sent to every member
 * or only to those away for 7 days, once confirmed. The message follows the shared rule and its
 * counter counts as the server does (an emoji is one character); the server refuses the same
 * promotion twice within 10 minutes, and its answer says how many members it reached.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  capChars,
  countChars,
  PROMOTION_AUDIENCES,
  PROMOTION_MESSAGE_MAX,
  PROMOTION_MSG,
  promotionMessageError,
  type TPromotionAudience,
  type TPromotionRequest,
} from '@app/shared';
import { adminActions } from '../../api/adminActions';
import { useActionDialog } from './ActionDialog';
import { ADMIN_TEXT } from './texts';
import { PROMOTION_AUDIENCE_LABELS as AUDIENCES, PROMOTION_CONFIRM_TITLES } from './labels';

/** The number of members reached, from the answer's data. */
function sentOf(data: unknown): number | null {
  return typeof data === 'object' &&
    data !== null &&
    'sent' in data &&
    typeof data.sent === 'number'
    ? data.sent
    : null;
}

export default function PromotionsSection() {
  const id = useId();
  const dialog = useActionDialog();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<TPromotionAudience>('all');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = promotionMessageError(message);
    setError(problem);
    if (problem) return;
    const body: TPromotionRequest = { message: message.trim(), audience };
    dialog.open({
      title: PROMOTION_CONFIRM_TITLES[audience],
      text: ADMIN_TEXT.promotionConfirmText(body.message),
      confirmLabel: ADMIN_TEXT.promotionConfirm,
      withReason: false,
      send: () => adminActions.promotions.send(body),
      onDone: (res) => {
        setSent(sentOf(res.data));
        setMessage('');
      },
    });
  }

  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.promotions}</h1>
      <form className="card adm-promo" noValidate onSubmit={handleSubmit}>
        <p className="muted">{ADMIN_TEXT.promotionLead}</p>
        <div className="field">
          <label htmlFor={`${id}-message`}>{ADMIN_TEXT.promotionMessage}</label>
          <textarea
            id={`${id}-message`}
            rows={4}
            value={message}
            aria-invalid={!!error || undefined}
            aria-describedby={`${id}-count ${id}-hint ${id}-error`}
            onChange={(e) => {
              setMessage(capChars(e.target.value, PROMOTION_MESSAGE_MAX));
              setSent(null);
            }}
          />
          <span id={`${id}-count`} className="field-hint field-count" aria-live="polite">
            {ADMIN_TEXT.promotionCounter(countChars(message))}
          </span>
          <span id={`${id}-hint`} className="field-hint">
            {ADMIN_TEXT.promotionHint}
          </span>
          <div id={`${id}-error`} role="alert">
            {error && <p className="field-error">{error}</p>}
          </div>
        </div>
        <fieldset className="choice-group">
          <legend>{ADMIN_TEXT.promotionAudience}</legend>
          <div className="choice-row">
            {PROMOTION_AUDIENCES.map((a) => (
              <label key={a} className={audience === a ? 'choice checked' : 'choice'}>
                <input
                  type="radio"
                  name={`${id}-audience`}
                  value={a}
                  checked={audience === a}
                  onChange={() => setAudience(a)}
                />
                <span>{AUDIENCES[a]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="adm-actions">
          <button type="submit" className="btn btn-primary">
            {ADMIN_TEXT.promotionSend}
          </button>
        </div>
        <div role="status">
          {sent !== null && <p className="adm-promo-result">{PROMOTION_MSG.sent(sent)}</p>}
        </div>
      </form>
      {dialog.element}
    </div>
  );
}
