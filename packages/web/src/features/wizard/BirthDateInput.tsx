/**
 * Birth date as three boxes, day / month / year (spec 1 §5): digits only, the focus moves on
 * once a box is full. Three boxes beat a date picker on low-end Android for a date decades ago.
 */
import { useRef, type FocusEvent } from 'react';
import type { BirthParts } from './wizardState';
import { WIZARD_TEXT } from './texts';

const PARTS = [
  {
    key: 'day',
    label: WIZARD_TEXT.day,
    placeholder: WIZARD_TEXT.dayPlaceholder,
    size: 2,
    auto: 'bday-day',
  },
  {
    key: 'month',
    label: WIZARD_TEXT.month,
    placeholder: WIZARD_TEXT.monthPlaceholder,
    size: 2,
    auto: 'bday-month',
  },
  {
    key: 'year',
    label: WIZARD_TEXT.year,
    placeholder: WIZARD_TEXT.yearPlaceholder,
    size: 4,
    auto: 'bday-year',
  },
] as const;

export function BirthDateInput({
  value,
  onChange,
  onDone,
  invalid,
  describedBy,
}: {
  value: BirthParts;
  onChange: (value: BirthParts) => void;
  /** Called when the member leaves the group: time to show an error. */
  onDone: () => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  function handleChange(index: number, raw: string) {
    const part = PARTS[index];
    if (!part) return;
    const digits = raw.replace(/\D/g, '').slice(0, part.size);
    onChange({ ...value, [part.key]: digits });
    if (digits.length === part.size) boxes.current[index + 1]?.focus();
  }

  function handleBlur(e: FocusEvent<HTMLFieldSetElement>) {
    // Only when focus leaves the three boxes, not when it moves between them.
    if (!e.currentTarget.contains(e.relatedTarget)) onDone();
  }

  return (
    <fieldset className="birth-date" onBlur={handleBlur} aria-describedby={describedBy}>
      <legend>{WIZARD_TEXT.birthLabel}</legend>
      <div className="birth-row">
        {PARTS.map((part, i) => (
          <label key={part.key} className={`birth-part birth-${part.key}`}>
            <span>{part.label}</span>
            <input
              ref={(el) => {
                boxes.current[i] = el;
              }}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={part.auto}
              placeholder={part.placeholder}
              maxLength={part.size}
              value={value[part.key]}
              aria-invalid={invalid || undefined}
              onChange={(e) => handleChange(i, e.target.value)}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
