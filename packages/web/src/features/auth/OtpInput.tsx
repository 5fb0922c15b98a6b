/**
 * Six single-digit boxes (spec 1 §2 /verify-otp, §5 OTP): digits only, focus moves forward on
 * entry and back on backspace in an empty box, a pasted or auto-filled code fills every box.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { OTP_LENGTH } from '@app/shared';
import { AUTH_TEXT } from './texts';

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

export function OtpInput({
  digits,
  onChange,
  readOnly,
  invalid,
  firstRef,
}: {
  digits: string[];
  onChange: (next: string[]) => void;
  /** Read-only rather than disabled while checking, so the focus can come straight back. */
  readOnly?: boolean;
  invalid?: boolean;
  firstRef?: RefObject<HTMLInputElement | null>;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  /** Writes `typed` digits from box `from` (a whole code always starts at the first box). */
  function fill(from: number, typed: string) {
    if (readOnly) return;
    const chars = typed.replace(/\D/g, '').split('');
    if (!chars.length) return;
    const start = chars.length >= OTP_LENGTH ? 0 : from;
    const next = [...digits];
    chars.slice(0, OTP_LENGTH - start).forEach((c, k) => (next[start + k] = c));
    onChange(next);
    focusBox(start + chars.length);
  }

  function handleInput(i: number, value: string) {
    const old = digits[i] ?? '';
    let typed = value.replace(/\D/g, '');
    // Typing into a filled box without selecting it leaves both digits: keep the new one.
    if (old && typed.length === 2)
      typed = typed.startsWith(old) ? typed.slice(1) : typed.slice(0, 1);
    if (!typed) {
      if (value === '') onChange(digits.map((d, k) => (k === i ? '' : d)));
      return;
    }
    fill(i, typed);
  }

  function handleKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0 && !readOnly) {
      e.preventDefault();
      onChange(digits.map((d, k) => (k === i - 1 ? '' : d)));
      focusBox(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusBox(i + 1);
    }
  }

  function handlePaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  }

  return (
    <div className="otp-boxes" role="group" aria-label={AUTH_TEXT.otpGroup}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
            if (i === 0 && firstRef) firstRef.current = el;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          autoFocus={i === 0}
          aria-label={AUTH_TEXT.otpDigit(i + 1)}
          aria-invalid={invalid || undefined}
          value={digit}
          readOnly={readOnly}
          onChange={(e) => handleInput(i, e.target.value)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={(e) => handlePaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
