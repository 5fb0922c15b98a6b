/**
 * The chat menu's actions (spec 2 §7, plus block and report): unlocking a locked side with
 * coins, muting, blocking and reporting the other member, and the report reasons.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG, MSG, isReportReason, type TReportReasonItem } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call } from './call';
import { chatsKey, threadKey, updateChatList, updateThread } from './useChats';
import { removeChat } from '../lib/chats/chatList';
import { threadFromDetails } from '../lib/chats/thread';
import { blockedMembersKey } from '../lib/safety/keys';
import { CHAT_TEXT } from '../lib/chats/texts';
import type { ChatThread } from '../lib/chats/types';
import { memberChanged } from './memberChanged';

/** A refused answer becomes an ApiError with the server's French message. */
function ensureOk<T>(res: ApiResult<T>) {
  if (!res.success) {
    throw new ApiError(res.httpStatus === 0 ? MSG.network : firstError(res) || MSG.generic, res);
  }
  return res;
}

/** POST /chats/{id}/unlock; 422 'Pièces insuffisantes' keeps its flag for the modal. */
export function useUnlockChat(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await call('chats.unlock', { id: chatId });
      if (!res.success || !res.data) {
        const msg = res.httpStatus === 0 ? MSG.network : res.message || CHAT_TEXT.unlockError;
        throw new ApiError(msg, res);
      }
      return res.data;
    },
    onSuccess: (data) => {
      qc.setQueryData<ChatThread>(threadKey(chatId), (t) => threadFromDetails(data.chat, t));
      void memberChanged(qc, { fields: { coins: data.user_coins } });
      updateChatList(qc, (chats) =>
        chats.map((c) => (c.id === chatId ? { ...c, is_locked_for_user: false } : c)),
      );
    },
  });
}

export function isInsufficientCoins(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.result.error === 'insufficient_coins';
}

/** POST /chats/{id}/mute {muted}: answers the new state and its French message. */
export function useMuteChat(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (muted: boolean) => ensureOk(await call('chats.mute', { id: chatId, muted })),
    onSuccess: (res) => {
      const muted = res.data?.muted === true;
      updateThread(qc, chatId, (t) => ({ ...t, chat: { ...t.chat, muted } }));
      updateChatList(qc, (chats) => chats.map((c) => (c.id === chatId ? { ...c, muted } : c)));
    },
  });
}

/** Blocks the other member: the chat disappears for both. */
export function useBlockMember(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => ensureOk(await call('safety.block', { id: userId })),
    // The open thread stays cached until the screen is gone (its query is still observed).
    onSuccess: () => {
      updateChatList(qc, (chats) => removeChat(chats, chatId));
      void qc.invalidateQueries({ queryKey: blockedMembersKey });
    },
  });
}

/**
 * POST /chats/{id}/unmatch, « Ne plus voir ce profil »: the chat leaves this member's list (the
 * other keeps it to read) and the two no longer meet in swipes or nearby.
 */
export function useUnmatchChat(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => ensureOk(await call('chats.unmatch', { id: chatId })),
    // The open thread stays cached until the screen is gone (its query is still observed).
    onSuccess: () => updateChatList(qc, (chats) => removeChat(chats, chatId)),
  });
}

export type ReportReason = TReportReasonItem;

export const reportReasonsKey = [...chatsKey, 'report-reasons'] as const;

/**
 * GET /report-reasons. A failure rejects: the report sheet says so and offers a retry, rather
 * than quietly showing a built-in list that may no longer match what the server accepts.
 */
export async function fetchReportReasons(): Promise<ReportReason[]> {
  const res = await call('safety.reportReasons', {}, { anonymous: true });
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  const data: unknown = res.data;
  if (!Array.isArray(data)) throw new Error(MSG.requestError);
  return data.filter(
    (r): r is ReportReason =>
      typeof r === 'object' &&
      r !== null &&
      typeof r.id === 'string' &&
      typeof r.label === 'string',
  );
}

/** The reasons, once per session. */
export function useReportReasons(enabled: boolean) {
  return useQuery({
    queryKey: reportReasonsKey,
    enabled,
    staleTime: Infinity,
    queryFn: fetchReportReasons,
  });
}

/**
 * POST /users/{id}/report about this chat (the server attaches its last messages). The report
 * sheet picks a reason; the scam warning sends 'scam' at once. `onReported` runs even when the
 * screen that asked is gone by then (the warning ignored while the report was on its way).
 */
export function useReportMember(chatId: number, onReported?: () => void) {
  return useMutation({
    mutationFn: async (v: { userId: number; reason: string; details: string }) => {
      // The sheet only offers the server's reasons; anything else is the "pick a reason" refusal.
      if (!isReportReason(v.reason)) throw new Error(CHAT_MSG.reasonRequired);
      return ensureOk(
        await call('safety.report', {
          id: v.userId,
          reason: v.reason,
          details: v.details.trim() || undefined,
          chat_id: chatId,
        }),
      );
    },
    onSuccess: () => onReported?.(),
  });
}
