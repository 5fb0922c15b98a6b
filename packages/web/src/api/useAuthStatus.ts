/**
 * /verify-auth-status (spec 1 §4): the guard's check, repeated every 30 s so a blocked
 * account is sent to /blocked while the app is open.
 */
import { useQuery } from '@tanstack/react-query';
import { BLOCKED_CHECK_INTERVAL_MS } from '@app/shared';
import { api } from './client';
import { getToken } from '../auth/session';

export type AuthAction =
  | 'redirect_login'
  | 'redirect_verify_otp'
  | 'redirect_complete_profile'
  | 'redirect_home'
  | 'account_blocked'
  | 'authenticated';

export interface AuthStatus {
  success: boolean;
  action: AuthAction;
  profile_complete: boolean;
  email?: string;
}

/** The check could not reach the server: keep the session, offer a retry. */
export class NetworkError extends Error {}

export function useAuthStatus() {
  const token = getToken();
  return useQuery({
    queryKey: ['auth-status', token],
    enabled: !!token,
    staleTime: BLOCKED_CHECK_INTERVAL_MS,
    refetchInterval: BLOCKED_CHECK_INTERVAL_MS,
    retry: 1,
    queryFn: async (): Promise<AuthStatus> => {
      const res = await api('/verify-auth-status', { body: {} });
      if (res.status === 0) throw new NetworkError(res.message);
      if (res.status >= 500 || res.status === 404) throw new Error(res.message);
      const raw = res.raw as Partial<AuthStatus>;
      return {
        success: res.success,
        action: raw.action ?? (res.success ? 'authenticated' : 'redirect_login'),
        profile_complete: raw.profile_complete ?? false,
        email: raw.email,
      };
    },
  });
}
