/**
 * The one-time code boxes, for the e-mail code and the Orange Money OTP alike: typing moves
 * forward, backspace in an empty box goes back and clears, a pasted code fills every box, and
 * the boxes say what they are (numeric keyboard, the phone's code suggestion on the first).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { OtpInput, emptyOtp } from './OtpInput';

function Harness({ length }: { length: number }) {
  const [digits, setDigits] = useState(() => emptyOtp(length));
  return (
    <>
      <OtpInput
        digits={digits}
        onChange={setDigits}
        groupLabel="Code"
        digitLabel={(n) => `Chiffre ${n}`}
      />
      <output>{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Chiffre ${n}` });
const code = () => screen.getByRole('status').textContent;

it("has one numeric box per digit, the first offering the phone's code", () => {
  render(<Harness length={4} />);
  expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
  expect(screen.getAllByRole('textbox')).toHaveLength(4);
  expect(box(1)).toHaveAttribute('inputmode', 'numeric');
  expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  expect(box(2)).toHaveAttribute('autocomplete', 'off');
});

it('moves forward as digits are typed, ignoring other characters', async () => {
  const user = userEvent.setup();
  render(<Harness length={6} />);
  await user.click(box(1));
  await user.keyboard('4a8');
  expect(code()).toBe('48');
  expect(box(3)).toHaveFocus();
});

it('goes back and clears on backspace in an empty box', async () => {
  const user = userEvent.setup();
  render(<Harness length={6} />);
  await user.click(box(1));
  await user.keyboard('123');
  expect(box(4)).toHaveFocus();
  await user.keyboard('{Backspace}');
  expect(code()).toBe('12');
  expect(box(3)).toHaveFocus();
});

it('fills every box from a pasted code, whichever box has the focus', async () => {
  const user = userEvent.setup();
  render(<Harness length={6} />);
  await user.click(box(3));
  await user.paste('48 29 15');
  expect(code()).toBe('482915');
  expect(box(6)).toHaveFocus();
});
