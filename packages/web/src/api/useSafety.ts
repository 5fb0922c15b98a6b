/**
 * Block and report from wherever a member appears (issue 29): the swipe card, the nearby
 * sheet, a profile, an announcement, a match. A block hides the member everywhere, so every
 * list is marked stale; a report says where it was made from.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG, MSG, isReportReason, type TReportSource } from '@app/shared';
import { ApiError, firstError } from './client';
import { call } from './call';

export interface ReportInput {
  userId: number;
  reason: string;
  details: string;
  source: TReportSource;
  chatId?: number;
  announcementId?: number;
}

export function useReport(onReported?: (reason: string) => void) {
  return useMutation({
    mutationFn: async (v: ReportInput) => {
      if (!isReportReason(v.reason)) throw new Error(CHAT_MSG.reasonRequired);
      const res = await call('safety.report', {
        id: v.userId,
        reason: v.reason,
        details: v.details.trim() || undefined,
        chat_id: v.chatId,
        source: v.source,
        announcement_id: v.announcementId,
      });
      if (!res.success)
        throw new ApiError(
          res.httpStatus === 0 ? MSG.network : firstError(res) || MSG.generic,
          res,
        );
      return res;
    },
    onSuccess: (_res, v) => onReported?.(v.reason),
  });
}

export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      const res = await call('safety.block', { id: userId });
      if (!res.success)
        throw new ApiError(
          res.httpStatus === 0 ? MSG.network : firstError(res) || MSG.generic,
          res,
        );
      return res;
    },
    // The member leaves every list: all are stale and reload when next shown; the nearby map
    // and list (useNearby's key), where the member may still be on screen, reload at once.
    onSuccess: () => {
      void qc.invalidateQueries({ refetchType: 'none' });
      void qc.refetchQueries({ queryKey: ['nearby'], type: 'active' });
    },
  });
}
