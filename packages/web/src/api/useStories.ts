/**
 * Anonymous stories (spec 2 §7): the feed as a paginated cache, publishing, the optimistic
 * like (marked at once, undone if the call fails) and the view report. The member's token goes
 * along when there is one, so the server counts a like once per member.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { MSG, STORY_MSG, type TStoriesPage, type TStory } from '@app/shared';
import { ApiError, firstError } from './client';
import { call } from './call';

const storiesKey = ['stories'] as const;
type StoriesCache = InfiniteData<TStoriesPage, number>;

export function useStories() {
  return useInfiniteQuery({
    queryKey: storiesKey,
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<TStoriesPage> => {
      const res = await call('stories.list', { page: pageParam }, { signal });
      if (!res.success || !res.data) {
        const message = res.httpStatus === 0 ? MSG.network : firstError(res) || STORY_MSG.loadError;
        throw new ApiError(message, res);
      }
      return res.data;
    },
    getNextPageParam: (last: TStoriesPage) =>
      last.current_page < last.last_page ? last.current_page + 1 : undefined,
  });
}

function patchStory(cache: StoriesCache | undefined, id: number, patch: (s: TStory) => TStory) {
  if (!cache) return cache;
  return {
    ...cache,
    pages: cache.pages.map((p) => ({
      ...p,
      data: p.data.map((s) => (s.id === id ? patch(s) : s)),
    })),
  };
}

/** The like: counted and marked at once; the mark and count go back if the call fails. */
export function useLikeStory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await call('stories.like', { id });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.likes;
    },
    onMutate: async (id: number) => {
      await qc.cancelQueries({ queryKey: storiesKey });
      const before = qc.getQueryData<StoriesCache>(storiesKey);
      qc.setQueryData<StoriesCache>(storiesKey, (c) =>
        patchStory(c, id, (s) => ({ ...s, liked: true, likes: s.likes + 1 })),
      );
      return { before };
    },
    onError: (_err, id, context) => {
      const previous = context?.before?.pages.flatMap((p) => p.data).find((s) => s.id === id);
      if (!previous) return;
      qc.setQueryData<StoriesCache>(storiesKey, (c) => patchStory(c, id, () => previous));
    },
    onSuccess: (likes, id) => {
      qc.setQueryData<StoriesCache>(storiesKey, (c) => patchStory(c, id, (s) => ({ ...s, likes })));
    },
  });
}

/** Reports a view; the answer's count, when there is one, replaces the cached one. */
export function useReportView() {
  const qc = useQueryClient();
  return async (id: number) => {
    const res = await call('stories.view', { id });
    if (res.success) {
      const { views } = res;
      qc.setQueryData<StoriesCache>(storiesKey, (c) => patchStory(c, id, (s) => ({ ...s, views })));
    }
  };
}

export function usePublishStory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call('stories.publish', { content, is_anonymous: true }),
    onSuccess: (res) => {
      if (res.success) void qc.invalidateQueries({ queryKey: storiesKey });
    },
  });
}
