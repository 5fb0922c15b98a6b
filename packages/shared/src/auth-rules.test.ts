/** The e-mail code resend rule: whole seconds left, 0 once the cooldown is over. */
import { describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_S, otpCooldownLeftS } from './auth-rules.js';

describe('otpCooldownLeftS', () => {
  it('lets a first code go at once', () => {
    expect(otpCooldownLeftS(null)).toBe(0);
  });

  it('counts the whole seconds left within the cooldown, rounded up', () => {
    expect(OTP_RESEND_COOLDOWN_S).toBe(60);
    expect(otpCooldownLeftS(0)).toBe(60);
    expect(otpCooldownLeftS(10.2)).toBe(50);
    expect(otpCooldownLeftS(59.5)).toBe(1);
  });

  it('lets a new code go from the 60th second on', () => {
    expect(otpCooldownLeftS(60)).toBe(0);
    expect(otpCooldownLeftS(3600)).toBe(0);
  });
});
