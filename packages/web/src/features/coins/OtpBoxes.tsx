/**
 * The Orange OTP in six boxes (spec 2 §5): one digit each, focus moves forward on entry and
 * back on backspace in an empty box; a pasted or auto-filled code fills every box.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ORANGE_OTP_LENGTH } from '@app/shared';
import { COINS_TEXT } from './texts';

export const emptyOtp = (): string[] => Array.from({ length: ORANGE_OTP_LENGTH }, () => '');

export function OtpBoxes({
  digits,
  onChange,
  disabled,
}: {
  digits: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) =>
    boxes.current[Math.max(0, Math.min(ORANGE_OTP_LENGTH - 1, i))]?.focus();

  function write(from: number, typed: string) {
    const chars = typed.replace(/\D/g, '').split('');
    if (!chars.length) return;
    const start = chars.length >= ORANGE_OTP_LENGTH ? 0 : from;
    const next = [...digits];
    chars.slice(0, ORANGE_OTP_LENGTH - start).forEach((c, k) => (next[start + k] = c));
    onChange(next);
    focus(start + chars.length);
  }

  function handleInput(i: number, raw: string) {
    const old = digits[i] ?? '';
    let typed = raw.replace(/\D/g, '');
    // Typing into a filled box without selecting it leaves both digits: keep the new one.
    if (old && typed.length === 2) {
      typed = typed.startsWith(old) ? typed.slice(1) : typed.slice(0, 1);
    }
    if (typed) write(i, typed);
    else if (raw === '') onChange(digits.map((d, k) => (k === i ? '' : d)));
  }

  function handleKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Backspace' || digits[i] || i === 0) return;
    e.preventDefault();
    onChange(digits.map((d, k) => (k === i - 1 ? '' : d)));
    focus(i - 1);
  }

  function handlePaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    write(i, e.clipboardData.getData('text'));
  }

  return (
    <div className="otp-boxes pay-otp" role="group" aria-label={COINS_TEXT.otpLabel}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={ORANGE_OTP_LENGTH}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={COINS_TEXT.otpDigit(i + 1)}
          value={digit}
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
