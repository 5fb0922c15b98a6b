/**
 * Search within one conversation (POST /chats/{id}/search): the text messages containing the
 * query, newest first, a page at a time.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { TChatMessage } from '@app/shared';
import { ApiError, hasMoreOf } from './client';
import { call } from './call';
import { chatsKey, messageOf } from './useChats';
import { CHAT_TEXT } from '../lib/chats/texts';

export interface SearchPage {
  items: TChatMessage[];
  page: number;
  has_more: boolean;
}
type SearchCache = InfiniteData<SearchPage, number>;

export const chatSearchKey = (chatId: number, query: string) =>
  [...chatsKey, 'search', chatId, query] as const;

async function fetchSearchPage(chatId: number, query: string, page: number, signal: AbortSignal) {
  const res = await call('chats.search', { id: chatId, query, page }, { signal });
  if (!res.success) {
    throw new ApiError(messageOf(res, CHAT_TEXT.searchError, CHAT_TEXT.searchNetworkError), res);
  }
  const items = Array.isArray(res.data) ? res.data : [];
  return { items, page, has_more: hasMoreOf(res) };
}

/** POST /chats/{id}/search {query, page}: text messages containing `query`, newest first. */
export function useChatSearch(chatId: number, query: string) {
  return useInfiniteQuery<SearchPage, Error, SearchCache, ReturnType<typeof chatSearchKey>, number>(
    {
      queryKey: chatSearchKey(chatId, query),
      enabled: query.length > 0,
      staleTime: 0,
      gcTime: 60_000,
      retry: 0,
      // The previous answer stays on screen while the next query loads.
      placeholderData: (previous) => previous,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => fetchSearchPage(chatId, query, pageParam, signal),
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    },
  );
}
