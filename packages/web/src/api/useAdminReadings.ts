/**
 * What the moderation console reads only on demand, because the server writes each reading to
 * the audit log: a report's attached messages (GET /admin/reports/:id/evidence) and a scam-queue
 * member's flagged messages, a page at a time (GET /admin/scams/:id/messages).
 *
 * Their keys sit outside `adminKey`, which every staff action refreshes, and they never go stale:
 * a focus, a reconnection or an action on another card must not read them again and write
 * readings nobody made. A screen calls these hooks only once the staff member has opened the
 * messages; the cache keeps them after that. A failed reading is not retried behind their back
 * either: the screen offers « Réessayer ».
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MSG, type TAdminFlaggedMessage } from '@app/shared';
import { ApiError, firstError, hasMoreOf } from './client';
import { call } from './call';
import type { TAdminPage } from './useAdminLists';

export type { TAdminFlaggedMessage } from '@app/shared';

const readingKey = ['admin-reading'] as const;

/** A report's attached messages. */
export function useReportEvidence(reportId: number) {
  return useQuery({
    queryKey: [...readingKey, 'report-evidence', reportId],
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await call('admin.reports.evidence', { id: reportId }, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return Array.isArray(res.data) ? res.data : [];
    },
  });
}

/** A member's flagged messages, a page at a time: the next one with `fetchNextPage`. */
export function useScamMessages(memberId: number) {
  return useInfiniteQuery({
    queryKey: [...readingKey, 'scam-messages', memberId],
    staleTime: Infinity,
    retry: false,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<TAdminPage<TAdminFlaggedMessage>> => {
      const res = await call('admin.scams.messages', { id: memberId, page: pageParam }, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      const items = Array.isArray(res.data) ? res.data : [];
      return { items, page: pageParam, hasMore: hasMoreOf(res) };
    },
    getNextPageParam: (last: TAdminPage<TAdminFlaggedMessage>) =>
      last.hasMore ? last.page + 1 : undefined,
  });
}

/** One verification check with its selfies: a reading the server audits, made once. */
export function useVerificationReading(id: number) {
  return useQuery({
    queryKey: [...readingKey, 'verification', id],
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await call('admin.verifications.get', { id }, { signal });
      if (!res.success || !res.data) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.data;
    },
  });
}
