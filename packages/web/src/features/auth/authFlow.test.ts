import { describe, expect, it } from 'vitest';
import { AUTH_MSG, MSG } from '@app/shared';
import { credentialsError, failureText, isOtpCode, nextRouteFor, readSession } from './authFlow';

describe('sign-in checks (spec 1 §5)', () => {
  it('asks for every field, then for a valid e-mail', () => {
    expect(credentialsError('', 'x')).toBe(AUTH_MSG.fillAll);
    expect(credentialsError('a@b.co', '')).toBe(AUTH_MSG.fillAll);
    expect(credentialsError('ab.co', 'x')).toBe(AUTH_MSG.invalidEmail);
    expect(credentialsError(' a@b.co ', 'x')).toBeNull();
  });

  it('accepts exactly six digits as a code', () => {
    expect(isOtpCode('123456')).toBe(true);
    expect(isOtpCode('12345')).toBe(false);
    expect(isOtpCode('12345a')).toBe(false);
  });
});

describe('session answers', () => {
  it('reads the token and sends an incomplete profile to the wizard', () => {
    const s = readSession({ token: 't', action: 'redirect_home', profile_complete: false });
    expect(s).toEqual({ token: 't', action: 'redirect_home', profile_complete: false });
    expect(s && nextRouteFor(s)).toBe('/step1');
    expect(nextRouteFor({ action: 'redirect_home', profile_complete: true })).toBe('/home');
    expect(nextRouteFor({ action: 'redirect_complete_profile', profile_complete: true })).toBe(
      '/step1',
    );
  });

  it('refuses an answer without a token', () => {
    expect(readSession(undefined)).toBeNull();
    expect(readSession({ action: 'redirect_home' })).toBeNull();
  });
});

describe('failure text', () => {
  const res = (over: {
    httpStatus?: number;
    message?: string;
    fromServer?: boolean;
    errors?: Record<string, string[]>;
  }) => ({ success: false, httpStatus: 400, message: '', fromServer: true, ...over }) as const;

  it('names the network, then the first field error, then the message', () => {
    expect(failureText(res({ httpStatus: 0, fromServer: false }), 'x')).toBe(MSG.serverConnection);
    expect(failureText(res({ errors: { email: ['déjà pris'] }, message: 'm' }), 'x')).toBe(
      'déjà pris',
    );
    expect(failureText(res({ message: 'm' }), 'x')).toBe('m');
  });

  it('uses the screen fallback for a gateway page without our JSON', () => {
    const gateway = { httpStatus: 502, message: 'Erreur 502: Bad Gateway', fromServer: false };
    expect(failureText(res(gateway), 'Échec')).toBe('Échec');
  });
});
