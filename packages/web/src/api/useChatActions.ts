/**
 * The chat menu's actions (spec 2 §7, plus block and report): unlocking a locked side with
 * coins, muting, blocking and reporting the other member, and the report reasons.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG, MSG } from '@app/shared';
import { api, ApiError, firstError } from './client';
import { chatsKey, threadKey, updateChatList, updateThread } from './useChats';
import { profileKey, type OwnProfile } from './useProfile';
import { removeChat } from '../features/chats/chatList';
import { threadFromDetails } from '../features/chats/thread';
import { blockedMembersKey } from '../features/safety/keys';
import { CHAT_TEXT, FALLBACK_REPORT_REASONS } from '../features/chats/texts';
import type { ChatThread, TChatDetails } from '../features/chats/types';

async function post<T>(path: string, body: Record<string, unknown> = {}) {
  const res = await api<T>(path, { body });
  if (!res.success) {
    throw new ApiError(res.status === 0 ? MSG.network : firstError(res) || MSG.generic, res);
  }
  return res;
}

/** POST /chats/{id}/unlock; 422 'Pièces insuffisantes' keeps its flag for the modal. */
export function useUnlockChat(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await api<{ chat: TChatDetails; user_coins: number }>(`/chats/${chatId}/unlock`, {
        body: {},
      });
      if (!res.success || !res.data) {
        const msg = res.status === 0 ? MSG.network : res.message || CHAT_TEXT.unlockError;
        throw new ApiError(msg, res);
      }
      return res.data;
    },
    onSuccess: (data) => {
      qc.setQueryData<ChatThread>(threadKey(chatId), (t) => threadFromDetails(data.chat, t));
      qc.setQueryData<OwnProfile>(profileKey, (p) => (p ? { ...p, coins: data.user_coins } : p));
      void qc.invalidateQueries({ queryKey: profileKey });
      updateChatList(qc, (chats) =>
        chats.map((c) => (c.id === chatId ? { ...c, is_locked_for_user: false } : c)),
      );
    },
  });
}

export function isInsufficientCoins(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.result.raw.insufficient_coins === true || err.message.includes(CHAT_MSG.insufficient);
}

/** POST /chats/{id}/mute {muted}: answers the new state and its French message. */
export function useMuteChat(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (muted: boolean) =>
      post<{ muted: boolean }>(`/chats/${chatId}/mute`, { muted }),
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
    mutationFn: (userId: number) => post(`/users/${userId}/block`),
    // The open thread stays cached until the screen is gone (its query is still observed).
    onSuccess: () => {
      updateChatList(qc, (chats) => removeChat(chats, chatId));
      void qc.invalidateQueries({ queryKey: blockedMembersKey });
    },
  });
}

export interface ReportReason {
  id: string;
  label: string;
}

/** GET /report-reasons, once per session; the shared fixed list when offline. */
export function useReportReasons(enabled: boolean) {
  return useQuery({
    queryKey: [...chatsKey, 'report-reasons'],
    enabled,
    staleTime: Infinity,
    queryFn: async (): Promise<ReportReason[]> => {
      const res = await api<ReportReason[]>('/report-reasons', { method: 'GET', anonymous: true });
      return res.success && Array.isArray(res.data) ? res.data : FALLBACK_REPORT_REASONS;
    },
  });
}

export function useReportMember(chatId: number) {
  return useMutation({
    mutationFn: (v: { userId: number; reason: string; details: string }) =>
      post(`/users/${v.userId}/report`, {
        reason: v.reason,
        details: v.details.trim() || undefined,
        chat_id: chatId,
      }),
  });
}
