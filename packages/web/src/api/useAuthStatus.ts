/**
 * /verify-auth-status (spec 1 §4): the guard's check, repeated every 30 s so a blocked
 * account is sent to /blocked while the app is open. An unreachable server (nothing answered,
 * or a front saying so: 502–504) is a NetworkError, never a refusal.
 */
import { useQuery } from '@tanstack/react-query';
import { AUTH_ACTIONS, BLOCKED_CHECK_INTERVAL_MS, type TAuthAction } from '@app/shared';
import { call } from './call';
import { isUnreachableStatus } from './serverReach';
import { getToken, sessionOwner } from '../auth/session';

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

/** The guard's check, keyed by the session's digest (it is kept on the device: persistedCache). */
const authStatusKey = (owner: string | null) => ['auth-status', owner] as const;

/** The check itself; also the probe that tells when the server answers again (serverReach). */
export async function fetchAuthStatus(): Promise<AuthStatus> {
  const res = await call('auth.status', {});
  if (isUnreachableStatus(res.httpStatus)) throw new NetworkError(res.message);
  if (res.httpStatus >= 500 || res.httpStatus === 404) throw new Error(res.message);
  const { action, profile_complete, email } = res;
  return {
    success: res.success,
    action: isAuthAction(action) ? action : res.success ? 'authenticated' : 'redirect_login',
    profile_complete: profile_complete === true,
    email: typeof email === 'string' ? email : undefined,
  };
}

export function useAuthStatus() {
  const token = getToken();
  return useQuery({
    queryKey: authStatusKey(sessionOwner()),
    enabled: !!token,
    staleTime: BLOCKED_CHECK_INTERVAL_MS,
    refetchInterval: BLOCKED_CHECK_INTERVAL_MS,
    retry: 1,
    queryFn: fetchAuthStatus,
  });
}

const AUTH_ACTION_SET = new Set<unknown>(AUTH_ACTIONS);
const isAuthAction = (v: unknown): v is TAuthAction => AUTH_ACTION_SET.has(v);
