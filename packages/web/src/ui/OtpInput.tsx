/**
 * A one-time code in single-digit boxes: the e-mail code of /verify-otp (spec 1 §2, §5) and the
 * Orange Money OTP (spec 2 §5). Digits only; focus moves forward on entry and back on backspace
 * in an empty box (arrows move too); a pasted or auto-filled code fills every box.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';

/** `length` empty boxes. */
export const emptyOtp = (length: number): string[] => Array.from({ length }, () => '');

export function OtpInput({
  digits,
  onChange,
  groupLabel,
  digitLabel,
  readOnly,
  disabled,
  invalid,
  autoFocus,
  firstRef,
  className,
}: {
  /** One entry per box: the code's length is `digits.length` (see emptyOtp). */
  digits: string[];
  onChange: (next: string[]) => void;
  groupLabel: string;
  digitLabel: (n: number) => string;
  /** Read-only rather than disabled while checking, so the focus can come straight back. */
  readOnly?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  firstRef?: RefObject<HTMLInputElement | null>;
  /** Extra classes of the group. */
  className?: string;
}) {
  const length = digits.length;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (i: number) => boxes.current[Math.max(0, Math.min(length - 1, i))]?.focus();
  const locked = readOnly || disabled;

  /** Writes `typed` digits from box `from` (a whole code always starts at the first box). */
  function fill(from: number, typed: string) {
    if (locked) return;
    const chars = typed.replace(/\D/g, '').split('');
    if (!chars.length) return;
    const start = chars.length >= length ? 0 : from;
    const next = [...digits];
    chars.slice(0, length - start).forEach((c, k) => (next[start + k] = c));
    onChange(next);
    focusBox(start + chars.length);
  }

  function handleInput(i: number, value: string) {
    const old = digits[i] ?? '';
    let typed = value.replace(/\D/g, '');
    // Typing into a filled box without selecting it leaves both digits: keep the new one.
    if (old && typed.length === 2) {
      typed = typed.startsWith(old) ? typed.slice(1) : typed.slice(0, 1);
    }
    if (typed) fill(i, typed);
    else if (value === '' && !locked) onChange(digits.map((d, k) => (k === i ? '' : d)));
  }

  function handleKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0 && !locked) {
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
    <div
      className={className ? `otp-boxes ${className}` : 'otp-boxes'}
      role="group"
      aria-label={groupLabel}
    >
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
          maxLength={length}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && i === 0}
          aria-label={digitLabel(i + 1)}
          aria-invalid={invalid || undefined}
          value={digit}
          readOnly={readOnly}
          disabled={disabled}
          onChange={(e) => handleInput(i, e.target.value)}
          onKeyDown={(e) => handleKeyDown(i, e)}
          onPaste={(e) => handlePaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
