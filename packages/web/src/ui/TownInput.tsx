/**
 * The locality input of the wizard and of profile editing: free text (members abroad type their
 * own town), with suggestions from the towns and districts shipped with the app as they type
 * (an ARIA combobox: arrow keys and Enter, or a tap, pick one; Escape closes). A hint shows
 * under it — the caller's, or, when the IP lookup could not guess the town, why it is empty.
 */
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { searchPlaces } from '../lib/towns/searchPlaces';
import { UI_TEXT } from './texts';
import './TownInput.css';

export function TownInput({
  id,
  value,
  onChange,
  onBlur,
  guessFailed = false,
  hint,
  invalid,
  trailing,
  ...input
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The IP lookup failed or found no town: say so under the field. */
  guessFailed?: boolean;
  /** A hint of the caller's (shown instead of the lookup one). */
  hint?: string;
  invalid?: boolean;
  /** A button beside the input (the locate button). */
  trailing?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
}) {
  const listId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useMemo(() => searchPlaces(value), [value]);
  const shown = open && suggestions.length > 0;
  const hintText = hint ?? (guessFailed ? UI_TEXT.townNotGuessed : undefined);
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (next: string) => {
    onChange(next);
    close();
  };

  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = suggestions.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (n === 0) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      setOpen(true);
      if (!shown) setActive(down ? 0 : n - 1);
      else setActive((a) => (down ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter' && shown && active >= 0) {
      const place = suggestions[active];
      if (!place) return;
      e.preventDefault();
      pick(place.value);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      close();
    }
  }

  return (
    <div className="town-input">
      <div className="town-input-row">
        <div className="town-input-box">
          <input
            {...input}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={hintText ? hintId : undefined}
            value={value}
            onChange={(e) => {
              onChange(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => {
              close();
              onBlur?.();
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={UI_TEXT.townSuggestions}
            className="town-input-list"
            hidden={!shown}
            // Keeps the focus in the input, so a tap picks before the input's blur closes the list.
            onMouseDown={(e) => e.preventDefault()}
          >
            {shown &&
              suggestions.map((place, i) => (
                <li
                  key={place.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="town-input-option"
                  onClick={() => pick(place.value)}
                >
                  <span className="town-input-name">{place.name}</span>
                  <span className="town-input-rest">{place.value.slice(place.name.length)}</span>
                </li>
              ))}
          </ul>
        </div>
        {trailing}
      </div>
      {hintText && (
        <p id={hintId} className="field-hint town-input-hint">
          {hintText}
        </p>
      )}
    </div>
  );
}
