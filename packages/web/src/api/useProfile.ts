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
    staleTime: 15_000,
    queryFn: () => callData('profile.own', {}),
  });
}
