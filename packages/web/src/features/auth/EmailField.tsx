/** The e-mail input with the attributes a phone keyboard and password managers need. */
import type { InputHTMLAttributes } from 'react';
import { Field } from '../../ui/Field';
import { AUTH_TEXT } from './texts';

export function EmailField({
  invalid,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { invalid?: boolean }) {
  return (
    <Field
      label={AUTH_TEXT.emailLabel}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={AUTH_TEXT.emailPlaceholder}
      invalid={invalid}
      {...props}
    />
  );
}
