/**
 * The passion chip grid of the wizard and the edit screen: every passion of the shared
 * catalogue as a toggle button (aria-pressed) with its icon; at most 5 chosen (the others are
 * disabled then, and a polite line says why). Wraps to the width, so 360 px screens fit.
 */
import { useId } from 'react';
import { PASSIONS, PASSION_MAX } from '@app/shared';
import { passionIcon } from './passionIcons';
import { UI_TEXT } from './texts';

export function PassionPicker({
  value,
  onChange,
  error,
}: {
  /** Chosen catalogue keys, in the order chosen. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const hintId = useId();
  const full = value.length >= PASSION_MAX;
  const toggle = (key: string) => {
    if (value.includes(key)) onChange(value.filter((k) => k !== key));
    else if (!full) onChange([...value, key]);
  };
  return (
    <fieldset className="passion-picker" aria-describedby={hintId}>
      <legend>{UI_TEXT.passionsTitle}</legend>
      <p id={hintId} className="muted passion-hint" aria-live="polite">
        {full ? UI_TEXT.passionsFull : UI_TEXT.passionsHint}{' '}
        <span className="passion-count">{UI_TEXT.passionsCount(value.length, PASSION_MAX)}</span>
      </p>
      <ul className="passion-grid">
        {PASSIONS.map(({ key, label }) => {
          const on = value.includes(key);
          const Icon = passionIcon(key);
          return (
            <li key={key}>
              <button
                type="button"
                className={on ? 'passion-chip on' : 'passion-chip'}
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(key)}
              >
                <Icon aria-hidden /> {label}
              </button>
            </li>
          );
        })}
      </ul>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
