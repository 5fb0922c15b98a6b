/**
 * The 'Description *' field: input capped at 1000 characters, the live counter
 * 'n/1000 caractères (minimum 50)', and under it the live phone / suspect-word warning, which
 * takes the place of the description error while present (spec 2 §5). The cap counts code
 * points, as the counter and the server do; `maxLength` is left out because it counts UTF-16
 * units and would stop a text of emojis at 500 of them.
 */
import { ANNOUNCEMENT_MAX_LENGTH, capChars, countChars } from '@app/shared';
import { ANN_TEXT } from './texts';

export function DescriptionField({
  value,
  warning,
  error,
  onChange,
}: {
  value: string;
  warning: string | null;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const message = warning ?? error;
  return (
    <div className="field">
      <label htmlFor="ann-description">{ANN_TEXT.descriptionLabel}</label>
      <textarea
        id="ann-description"
        rows={8}
        value={value}
        placeholder={ANN_TEXT.descriptionPlaceholder}
        aria-invalid={!!message || undefined}
        aria-describedby="ann-description-count ann-description-msg"
        onChange={(e) => onChange(capChars(e.target.value, ANNOUNCEMENT_MAX_LENGTH))}
      />
      <span id="ann-description-count" className="field-hint field-count" aria-live="polite">
        {ANN_TEXT.counter(countChars(value))}
      </span>
      <div id="ann-description-msg" role="alert">
        {message && <p className={warning ? 'ann-warning' : 'field-error'}>{message}</p>}
      </div>
    </div>
  );
}
