/**
 * Four single-digit boxes separated by dashes: typing moves focus forward,
 * Backspace on an empty box moves back, and a pasted 4-digit code fills them all.
 */
import { Fragment, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '../../../contract/limits';

interface Props {
  digits: string[];
  onChange(digits: string[]): void;
  /** The first box's id (where the code's problem sends the focus). */
  id: string;
  /** What every box says to assistive technology: `fieldA11y` of the code's field. */
  a11y: { 'aria-invalid': boolean; 'aria-describedby': string | undefined };
}

export function OtpInput({ digits, onChange, id, a11y }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(LIMITS.otpLength - 1, i))]?.focus();

  function handleChange(i: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (typed.length > 1) return fill(typed, i);
    const next = [...digits];
    next[i] = typed;
    onChange(next);
    if (typed) focus(i + 1);
  }

  function fill(text: string, from = 0) {
    const chars = text.replace(/\D/g, '').slice(0, LIMITS.otpLength - from).split('');
    if (chars.length === 0) return;
    const next = [...digits];
    chars.forEach((c, k) => (next[from + k] = c));
    onChange(next);
    focus(from + chars.length);
  }

  function handleKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  }

  function handlePaste(e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    fill(e.clipboardData.getData('text'));
  }

  return (
    <div className="otp-boxes" role="group" aria-label="Enter verification code">
      {digits.map((d, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="otp-dash" aria-hidden="true">-</span>}
          <input
            ref={(el) => {
              boxes.current[i] = el;
            }}
            id={i === 0 ? id : undefined}
            className="otp-box"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={LIMITS.otpLength}
            aria-label={`Digit ${i + 1} of ${LIMITS.otpLength}`}
            {...a11y}
            value={d}
            data-autofocus={i === 0 ? '' : undefined}
            onChange={(e) => handleChange(i, e.target.value)}
            onKeyDown={(e) => handleKeyDown(i, e)}
            onPaste={handlePaste}
            onFocus={(e) => e.target.select()}
          />
        </Fragment>
      ))}
    </div>
  );
}
