/**
 * Announcements (spec 1 §7, spec 2 §7): the home feed and the member's own list as paginated
 * caches, the publication cost, publishing and deleting. Every call goes through the typed `call`.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  MSG,
  MY_ANNOUNCEMENTS_PER_PAGE,
  seekingFilter,
  type TFeedAnnouncement,
  type TLatLng,
  type TMyAnnouncement,
} from '@app/shared';
import { ApiError, firstError, type ApiResult, hasMoreOf } from './client';
import { useSeeking } from '../lib/seeking/seeking';
import { feedInput } from '../lib/feed/feedStart';
import { call } from './call';
import { memberChanged } from './memberChanged';

const announcementsKey = ['announcements'] as const;
const feedKey = [...announcementsKey, 'feed'] as const;
const mineKey = [...announcementsKey, 'mine'] as const;
const costKey = [...announcementsKey, 'cost'] as const;

export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** A list call's answer as one page; a failed call rejects with its ApiResult inside. */
function toPage<T>(res: ApiResult<T[]>, page: number): Page<T> {
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return { items: Array.isArray(res.data) ? res.data : [], page, hasMore: hasMoreOf(res) };
}

const nextPage = <T>(last: Page<T>) => (last.hasMore ? last.page + 1 : undefined);

/** The feed, 5 a page, nearest first when a position is known, newest first otherwise. */
export function useFeed(position: TLatLng | null, enabled: boolean) {
  // Whom the member wants to meet: a filter of each request, kept on the device only.
  const seeking = seekingFilter(useSeeking());
  return useInfiniteQuery({
    queryKey: [...feedKey, position?.lat ?? null, position?.lng ?? null, seeking ?? null],
    enabled,
    staleTime: 60_000,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      // With the session (bearer): the server then leaves out blocked members and own ones.
      const res = await call('announcements.feed', feedInput(pageParam, position, seeking), {
        signal,
      });
      return toPage(res, pageParam);
    },
    getNextPageParam: nextPage<TFeedAnnouncement>,
  });
}

export function useMyAnnouncements() {
  return useInfiniteQuery({
    queryKey: mineKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await call(
        'announcements.mine',
        { page: pageParam, per_page: MY_ANNOUNCEMENTS_PER_PAGE },
        { signal },
      );
      return toPage(res, pageParam);
    },
    getNextPageParam: nextPage<TMyAnnouncement>,
  });
}

/** The price of the next publication and the balance, checked each time the form opens. */
export function useAnnouncementCost() {
  return useQuery({
    queryKey: costKey,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async () => {
      const res = await call('announcements.cost', {});
      if (!res.success || res.data === undefined) {
        throw new ApiError(firstError(res) || MSG.requestError, res);
      }
      return res.data;
    },
  });
}

/**
 * Publishes. The answer is returned as is, failures included: the form reads the field
 * errors, `rejected` and `insufficient_coins` from it.
 */
export function useCreateAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => call('announcements.create', { description }),
    onSuccess: (res) => {
      if (!res.success) return;
      void qc.invalidateQueries({ queryKey: announcementsKey });
      void memberChanged(qc);
    },
  });
}

type MineCache = InfiniteData<Page<TMyAnnouncement>, number>;

/** Deletes one of the member's own; on success it leaves the cached list at once. */
export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await call('announcements.delete', { id });
      if (!res.success) throw new ApiError(res.message, res);
      return res;
    },
    onSuccess: (_res, id) => {
      qc.setQueryData<MineCache>(mineKey, (cache) =>
        cache
          ? {
              ...cache,
              pages: cache.pages.map((p) => ({ ...p, items: p.items.filter((a) => a.id !== id) })),
            }
          : cache,
      );
      void qc.invalidateQueries({ queryKey: feedKey });
      void qc.invalidateQueries({ queryKey: costKey });
    },
  });
}

/** POST /chats/create: opens (or creates) the chat with an announcement's author. */
export function createChatWith(otherUserId: number) {
  return call('chats.create', { other_user_id: otherUserId });
}
