/**
 * The moderation console's calls (issue 10, /api/admin/*): the dashboard (which also tells
 * whether the signed-in member is staff: 403 otherwise), the ledger audit and the staff
 * actions, plus the helpers the other console modules share. Every action answers
 * { success, message }; a success refreshes every console query so queues, counts and the
 * audit log follow. The paginated lists are in useAdminLists, one member's detail in
 * useAdminMember.
 *
 * The server declares no zod contract for these answers, so their shapes are written here from
 * packages/server/src/modules/admin/*.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { api, ApiError, firstError, type ApiResult } from './client';

export const adminKey = ['admin'] as const;

export interface TDayCount {
  day: string;
  n: number;
}

/** One provider's paid orders over the 30 days (FCFA, dated by completion), largest first. */
export interface TProviderRevenue {
  provider: string;
  amount: number;
  orders: number;
  series: TDayCount[];
}

export interface TAdminDashboard {
  series: {
    new_members: TDayCount[];
    active_members: TDayCount[];
    messages: TDayCount[];
    matches: TDayCount[];
    /** Each day the sum of the providers' days. */
    revenue_fcfa: TDayCount[];
  };
  revenue_by_provider: TProviderRevenue[];
  pending: { stories: number; reports: number; tickets: number; payments: number };
}

export interface TLedgerMismatch {
  user_id: number;
  balance: number;
  ledger_sum: number;
  last_balance_after: number | null;
  movements: number;
}

export const isForbidden = (err: unknown) => err instanceof ApiError && err.result.status === 403;

// A 403 is an answer (not staff, or not admin), not a hiccup: asking again changes nothing.
export const retryUnlessForbidden = (count: number, err: Error) => !isForbidden(err) && count < 1;

/** A console GET; a failed answer throws its ApiError (403 included, see isForbidden). */
export async function getData<T>(path: string, signal: AbortSignal): Promise<ApiResult<T>> {
  const res = await api<T>(path, { method: 'GET', signal });
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return res;
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: [...adminKey, 'dashboard'],
    queryFn: async ({ signal }) => {
      const res = await getData<TAdminDashboard>('/admin/dashboard', signal);
      if (!res.data) throw new ApiError(MSG.requestError, res);
      return res.data;
    },
    retry: retryUnlessForbidden,
    refetchInterval: 60_000,
  });
}

export function useLedgerAudit(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, 'ledger-audit'],
    enabled,
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }) => {
      const res = await getData<TLedgerMismatch[]>('/admin/ledger-audit', signal);
      return Array.isArray(res.data) ? res.data : [];
    },
  });
}

export interface AdminActionInput {
  /** e.g. /admin/stories/12/approve */
  path: string;
  body?: Record<string, unknown>;
}

/** A staff action (POST): resolves with the answer, whose message the screen shows either way. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: AdminActionInput) =>
      api<unknown>(path, { method: 'POST', body: body ?? {} }),
    onSuccess: (res) => {
      if (res.success) void qc.invalidateQueries({ queryKey: adminKey });
    },
  });
}
