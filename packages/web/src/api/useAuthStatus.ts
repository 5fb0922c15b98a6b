/**
 * /verify-auth-status (spec 1 §4): the guard's check, repeated every 30 s so a blocked
 * account is sent to /blocked while the app is open.
 */
import { useQuery } from '@tanstack/react-query';
import { AUTH_ACTIONS, BLOCKED_CHECK_INTERVAL_MS, type TAuthAction } from '@app/shared';
import { call } from './call';
import { getToken } from '../auth/session';

/** The server's action, or 'authenticated' when an answer came without one. */
type AuthAction = TAuthAction | 'authenticated';

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
      const res = await call('auth.status', {});
      if (res.status === 0) throw new NetworkError(res.message);
      if (res.status >= 500 || res.status === 404) throw new Error(res.message);
      const { action, profile_complete, email } = res.raw;
      return {
        success: res.success,
        action: isAuthAction(action) ? action : res.success ? 'authenticated' : 'redirect_login',
        profile_complete: profile_complete === true,
        email: typeof email === 'string' ? email : undefined,
      };
    },
  });
}

const AUTH_ACTION_SET = new Set<unknown>(AUTH_ACTIONS);
const isAuthAction = (v: unknown): v is TAuthAction => AUTH_ACTION_SET.has(v);
