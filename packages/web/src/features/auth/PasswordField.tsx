/** A password input with a show / hide toggle (typing on a small keyboard is error-prone). */
import { useState, type InputHTMLAttributes } from 'react';
import { Field } from '../../ui/Field';
import { AUTH_TEXT } from './texts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: string;
  hint?: string;
  invalid?: boolean;
};

export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="input-toggle"
          aria-label={visible ? AUTH_TEXT.hidePassword : AUTH_TEXT.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? AUTH_TEXT.hide : AUTH_TEXT.show}
        </button>
      }
    />
  );
}
