/**
 * Rate limits of the account calls. Carrier NAT puts thousands of members behind one public
 * address in Burkina Faso, so per-address limits are wide brakes on floods only; the tight limits
 * sit on what identifies one person: the e-mail (account), the device, and for wrong passwords
 * the account seen from one address.
 */
import type { Limit } from '../../http/rate-limit.js';

const QUARTER_HOUR_S = 15 * 60;
const HOUR_S = 3600;

/** Sign-ups from one address per hour: a whole town on one carrier address must fit. */
const SIGNUP_PER_ADDRESS = { max: 300, windowS: HOUR_S } as const;
/** Sign-up attempts for one e-mail, or from one device, per hour. */
const SIGNUP_PER_EMAIL = { max: 5, windowS: HOUR_S } as const;
const SIGNUP_PER_DEVICE = { max: 5, windowS: HOUR_S } as const;

/** Every sign-in attempt from one address (each costs an argon2 hash), per 15 minutes. */
const LOGIN_PER_ADDRESS = { max: 600, windowS: QUARTER_HOUR_S } as const;
/** Wrong passwords for one account from one address, per 15 minutes. */
const WRONG_PASSWORD_PER_ACCOUNT_ADDRESS = { max: 10, windowS: QUARTER_HOUR_S } as const;
/** Wrong passwords for one account from all addresses together, per 15 minutes. */
const WRONG_PASSWORD_PER_ACCOUNT = { max: 100, windowS: QUARTER_HOUR_S } as const;

/** Code checks, resends and password resets: per address (wide) and per e-mail (tight). */
const CODES_PER_ADDRESS = { max: 300, windowS: QUARTER_HOUR_S } as const;
const CODES_PER_EMAIL = { max: 10, windowS: QUARTER_HOUR_S } as const;

export function signupLimits(ip: string, email: string, device: string | null): Limit[] {
  const limits: Limit[] = [
    { key: `register:ip:${ip}`, ...SIGNUP_PER_ADDRESS },
    { key: `register:email:${email}`, ...SIGNUP_PER_EMAIL },
  ];
  if (device) limits.push({ key: `register:device:${device}`, ...SIGNUP_PER_DEVICE });
  return limits;
}

export const loginAddressLimit = (ip: string): Limit => ({
  key: `login:ip:${ip}`,
  ...LOGIN_PER_ADDRESS,
});

/**
 * Wrong passwords only (a right one takes its count back): an attacker's tries from one address
 * do not refuse the owner elsewhere, and tries from many addresses stop at the account's ceiling.
 */
export const wrongPasswordLimits = (ip: string, email: string): Limit[] => [
  { key: `login:fail:acct-ip:${email}:${ip}`, ...WRONG_PASSWORD_PER_ACCOUNT_ADDRESS },
  { key: `login:fail:acct:${email}`, ...WRONG_PASSWORD_PER_ACCOUNT },
];

export const codeLimits = (what: string, ip: string, email: string): Limit[] => [
  { key: `${what}:ip:${ip}`, ...CODES_PER_ADDRESS },
  { key: `${what}:acct:${email}`, ...CODES_PER_EMAIL },
];
