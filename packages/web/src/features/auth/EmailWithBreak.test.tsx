/** The address wraps only before its @ (issue 18: a long e-mail broke mid-word at 360 px). */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailWithBreak } from './EmailWithBreak';

describe('EmailWithBreak', () => {
  it('offers one break, just before the @', () => {
    const { container } = render(
      <EmailWithBreak email="aminata.ouedraogo.kabore@universite-ouaga.bf" />,
    );
    const strong = container.querySelector('strong.otp-email');
    expect(strong?.textContent).toBe('aminata.ouedraogo.kabore@universite-ouaga.bf');
    expect(strong?.querySelectorAll('wbr')).toHaveLength(1);
    expect(strong?.innerHTML).toBe('aminata.ouedraogo.kabore<wbr>@universite-ouaga.bf');
  });

  it('leaves an address without a local part alone', () => {
    const { container } = render(<EmailWithBreak email="@x.bf" />);
    expect(container.querySelector('wbr')).toBeNull();
  });
});
