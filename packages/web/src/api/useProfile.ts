/** The signed-in member's own profile (POST /profile): coins for the top bar, and more. */
import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';
import { getToken } from '../auth/session';

export interface OwnProfile {
  id: number;
  name: string | null;
  email: string;
  age: number | null;
  locality: string | null;
  bio: string | null;
  photo: string | null;
  coins: number;
  gifted_signup: boolean;
  gender?: string | null;
  stats?: { likes_received?: number };
  passions?: string[];
  social_media?: { joined_facebook: boolean; joined_tiktok: boolean; joined_youtube: boolean };
  invitation_code?: string;
}

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    enabled: !!getToken(),
    staleTime: 15_000,
    queryFn: () => apiData<OwnProfile>('/profile', { body: {} }),
  });
}
