/** The signed-in member's own profile (POST /profile): coins for the top bar, and more. */
import { useQuery } from '@tanstack/react-query';
import type { TOwnProfile } from '@app/shared';
import { callData } from './call';
import { getToken } from '../auth/session';

/** The answer of the profile calls, as the route table types it. */
export type OwnProfile = TOwnProfile;

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    enabled: !!getToken(),
    // Every change of the balance refreshes it at once (coin notifications, unlocks, payments):
    // a minute spares a call on each screen change, on data the member pays for.
    staleTime: 60_000,
    queryFn: () => callData('profile.own', {}),
  });
}
