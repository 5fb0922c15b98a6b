/**
 * The moderation console's calls (issue 10, /api/admin/*): the dashboard (which also tells
 * whether the signed-in member is staff: 403 otherwise), the ledger audit and the staff
 * actions, plus the helpers the other console modules share. Every action answers
 * { success, message }; a success refreshes every console query so queues, counts and the
 * audit log follow. The paginated lists are in useAdminLists, one member's detail in
 * useAdminMember.
 *
 * Every call goes through the typed `call`: its input and answer are the shared contract's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call } from './call';

export const adminKey = ['admin'] as const;

export const isForbidden = (err: unknown) =>
  err instanceof ApiError && err.result.httpStatus === 403;

// A 403 is an answer (not staff, or not admin), not a hiccup: asking again changes nothing.
export const retryUnlessForbidden = (count: number, err: Error) => !isForbidden(err) && count < 1;

export function useAdminDashboard() {
  return useQuery({
    queryKey: [...adminKey, 'dashboard'],
    queryFn: async ({ signal }) => {
      const res = await call('admin.dashboard', {}, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
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
      const res = await call('admin.ledgerAudit', {}, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return Array.isArray(res.data) ? res.data : [];
    },
  });
}

/**
 * A staff action: one call of the route table, e.g.
 * `() => call('admin.stories.approve', { id, reason })`.
 */
export type AdminCall = () => Promise<ApiResult<unknown>>;

/** A staff action (POST): resolves with the answer, whose message the screen shows either way. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (send: AdminCall) => send(),
    onSuccess: (res) => {
      if (res.success) void qc.invalidateQueries({ queryKey: adminKey });
    },
  });
}
