/** A labelled input: the label sits above, a hint below, red border when invalid. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function Field({
  label,
  hint,
  invalid,
  trailing,
  ...input
}: InputProps & { label: ReactNode; hint?: string; invalid?: boolean; trailing?: ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={trailing ? 'input-wrap has-trailing' : 'input-wrap'}>
        <input id={id} aria-invalid={invalid || undefined} aria-describedby={hintId} {...input} />
        {trailing}
      </div>
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
