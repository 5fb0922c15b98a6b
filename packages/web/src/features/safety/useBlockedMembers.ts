/**
 * The blocked members (POST /blocks {page}, 20 a page, latest block first) and unblocking
 * (POST /users/{id}/unblock): the member leaves the list at once and comes back if the server
 * refuses.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, firstError, hasMoreOf, serverWords } from '../../api/client';
import { fetchBlockedMembers, unblockMember } from '../../api/memberCalls';
import { getToken } from '../../auth/session';
import { toast } from '../../ui/toast';
import {
  toBlockedMember,
  withMember,
  withoutMember,
  type BlockedCache,
  type BlockedPage,
  type Removed,
  type TBlockedMember,
} from './blockedList';
import { blockedMembersKey } from '../../lib/safety/keys';
import { SAFETY_TEXT } from './texts';

const unblockKey = ['unblock-member'] as const;

async function fetchBlockedPage(page: number, signal: AbortSignal): Promise<BlockedPage> {
  const res = await fetchBlockedMembers(page, signal);
  if (!res.success) {
    const msg =
      res.httpStatus === 0 ? SAFETY_TEXT.listNetworkError : serverWords(res, SAFETY_TEXT.listError);
    throw new ApiError(msg, res);
  }
  const rows = Array.isArray(res.data) ? res.data : [];
  const items = rows.map(toBlockedMember).filter((m): m is TBlockedMember => m !== null);
  return { items, page, has_more: hasMoreOf(res) };
}

export function useBlockedMembers() {
  return useInfiniteQuery<BlockedPage, Error, BlockedCache, typeof blockedMembersKey, number>({
    queryKey: blockedMembersKey,
    enabled: !!getToken(),
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchBlockedPage(pageParam, signal),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

export function useUnblockMember() {
  const qc = useQueryClient();
  return useMutation<string, ApiError, TBlockedMember, { removed: Removed | null }>({
    mutationKey: unblockKey,
    mutationFn: async (member) => {
      const res = await unblockMember(member.id);
      // 404: no longer blocked (undone on another device): the list is right without them.
      if (res.success || res.httpStatus === 404) return res.message || SAFETY_TEXT.unblocked;
      const msg =
        res.httpStatus === 0
          ? SAFETY_TEXT.unblockNetworkError
          : firstError(res) || SAFETY_TEXT.unblockError;
      throw new ApiError(msg, res);
    },
    onMutate: async (member) => {
      // A page arriving now must not bring the member back.
      await qc.cancelQueries({ queryKey: blockedMembersKey });
      const cache = qc.getQueryData<BlockedCache>(blockedMembersKey);
      if (!cache) return { removed: null };
      const next = withoutMember(cache, member.id);
      qc.setQueryData<BlockedCache>(blockedMembersKey, next.cache);
      return { removed: next.removed };
    },
    // Here rather than in mutate() options: those run for the latest call only, and each
    // unblock must say how it went.
    onError: (err, _member, context) => {
      toast.error(err.message);
      const removed = context?.removed;
      if (!removed) return;
      qc.setQueryData<BlockedCache>(blockedMembersKey, (cache) =>
        cache ? withMember(cache, removed) : cache,
      );
    },
    onSuccess: (message) => {
      toast.success(message);
      // The member shows again in chats, feed, swipes and nearby: every other list is marked
      // stale and reloads when next shown.
      void qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== blockedMembersKey[0],
        refetchType: 'none',
      });
    },
    onSettled: () => {
      // Pages are counted by position: once the last unblock is done, reload what is shown so
      // the next page starts at the right member.
      if (qc.isMutating({ mutationKey: unblockKey }) === 1) {
        void qc.invalidateQueries({ queryKey: blockedMembersKey });
      }
    },
  });
}
