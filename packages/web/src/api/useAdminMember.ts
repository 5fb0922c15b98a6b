/**
 * One member's page in the moderation console (issue 10, GET /admin/members/{id}): profile,
 * devices and the accounts seen on them, coin movements, orders and reports. Shapes are
 * written from packages/server/src/modules/admin/*.ts (no zod contract).
 */
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { ApiError } from './client';
import { adminKey, getData, retryUnlessForbidden } from './useAdmin';
import type { TAdminOrder } from './useAdminLists';

export interface TCoinMovement {
  id: number;
  amount: number;
  balance_after: number;
  reason: string;
  meta: Record<string, unknown> | null;
  created_at: string;
}

export interface TMemberReport {
  id: number;
  reporter_id: number;
  reported_id: number;
  reason: string;
  details: string | null;
  status: string;
  created_at: string;
}

export interface TDeviceAccount {
  id: number;
  email: string;
  name: string | null;
  blocked_at: string | null;
  created_at: string;
}

/** An account seen on a device: a link to its page, and whether it is blocked. */
export interface TSeenAccount {
  id: number;
  name: string | null;
  email: string;
  blocked: boolean;
}

/** A device the member signed up or signed in from (last used first, at most 20). */
export interface TMemberDevice {
  hash: string;
  first_seen_at: string;
  last_seen_at: string;
  /** The other accounts seen on it, last seen there first (at most 20). */
  accounts: TSeenAccount[];
}

export interface TAdminMember {
  id: number;
  name: string | null;
  email: string;
  gender: string | null;
  age: number | null;
  locality: string | null;
  bio: string | null;
  photos: { thumb: string | null; card: string | null; full: string | null } | null;
  role: string;
  coins: number;
  blocked: boolean;
  blocked_reason: string | null;
  email_verified: boolean;
  profile_complete: boolean;
  created_at: string;
  last_seen_at: string | null;
  /** The signup device: the accounts created from it and its refused sign-ups. */
  device: { hash: string | null; accounts: TDeviceAccount[]; refusals: number };
  devices: TMemberDevice[];
  coin_movements: TCoinMovement[];
  orders: TAdminOrder[];
  reports_received: TMemberReport[];
  reports_made: TMemberReport[];
}

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: [...adminKey, 'member', id],
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }) => {
      const res = await getData<TAdminMember>(`/admin/members/${id}`, signal);
      if (!res.data) throw new ApiError(MSG.requestError, res);
      return res.data;
    },
  });
}
