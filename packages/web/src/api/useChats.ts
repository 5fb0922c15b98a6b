/**
 * Chats (spec 2 §7 "Chat and presence"): the paginated chat list, one conversation's thread,
 * leaving a chat, and the cache updates that the other chat modules and the realtime events
 * (features/chats/useLiveChats) share. Sending and editing messages are in useChatMessages,
 * the chat menu's actions in useChatActions, read/typing/presence in useChatSignals, and the
 * search in useChatSearch. Pure rules live in features/chats (chatList, thread).
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { MESSAGES_PAGE_SIZE, MSG, type TChatSummary } from '@app/shared';
import { ApiError, firstError, type ApiResult, hasMoreOf, serverWords } from './client';
import { call } from './call';
import { keepLiveChange } from './liveCache';
import { getToken } from '../auth/session';
import { flattenPages, rebuildPages, removeChat, type ChatListPage } from '../lib/chats/chatList';
import { prependOlder, threadFromDetails } from '../lib/chats/thread';
import { CHAT_TEXT } from '../lib/chats/texts';
import type { ChatThread, MessagesPage } from '../lib/chats/types';

export const chatsKey = ['chats'] as const;
export const chatListKey = [...chatsKey, 'list'] as const;
export const threadKey = (chatId: number) => [...chatsKey, 'thread', chatId] as const;

type ChatListCache = InfiniteData<ChatListPage, number>;

/** The server's own message when it gave one, else the screen's default text. */
export function messageOf(res: ApiResult, fallback: string, network: string): string {
  return res.httpStatus === 0 ? network : serverWords(res, fallback);
}

// ---------------------------------------------------------------- chat list

async function fetchChatPage(page: number, signal: AbortSignal): Promise<ChatListPage> {
  const res = await call('chats.list', { page }, { signal });
  if (!res.success) {
    throw new ApiError(messageOf(res, CHAT_TEXT.listError, CHAT_TEXT.listNetworkError), res);
  }
  return { items: Array.isArray(res.data) ? res.data : [], page, has_more: hasMoreOf(res) };
}

/** The member's chats, newest activity first, a page at a time. */
export function useChatList() {
  return useInfiniteQuery<ChatListPage, Error, ChatListCache, typeof chatListKey, number>({
    queryKey: chatListKey,
    enabled: !!getToken(),
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchChatPage(pageParam, signal),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** Applies a change to the loaded chats; a null result means "reload the list". */
export function updateChatList(
  qc: QueryClient,
  change: (chats: TChatSummary[]) => TChatSummary[] | null,
) {
  const cache = qc.getQueryData<ChatListCache>(chatListKey);
  if (!cache) return;
  const before = flattenPages(cache.pages);
  const after = change(before);
  if (after === null) return void qc.invalidateQueries({ queryKey: chatListKey });
  if (after === before) return;
  qc.setQueryData<ChatListCache>(chatListKey, {
    ...cache,
    pages: rebuildPages(cache.pages, after),
  });
  keepLiveChange(qc, chatListKey);
}

/** Leaves a chat; it leaves the list only once the server agreed (spec 2 §4). */
export function useLeaveChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (chatId: number) => {
      const res = await call('chats.leave', { id: chatId });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return chatId;
    },
    onSuccess: (chatId) => {
      updateChatList(qc, (chats) => removeChat(chats, chatId));
      qc.removeQueries({ queryKey: threadKey(chatId) });
    },
    // Spec 2 §8: a failed leave is only logged; the row slides back.
    onError: (err) => console.warn('[chats] leave failed', err),
  });
}

// ---------------------------------------------------------------- one conversation

/** 'Chat introuvable' (404): its own screen, and never retried. */
export class ChatNotFoundError extends Error {}

async function fetchThread(qc: QueryClient, chatId: number, signal: AbortSignal) {
  const res = await call('chats.details', { id: chatId }, { signal });
  if (res.httpStatus === 404) throw new ChatNotFoundError(CHAT_TEXT.notFound);
  if (!res.success || !res.data) {
    throw new ApiError(messageOf(res, MSG.generic, CHAT_TEXT.loadNetworkError), res);
  }
  if (!res.data.participants.some((p) => !p.is_current_user)) {
    throw new Error(CHAT_TEXT.userNotInChat);
  }
  return threadFromDetails(res.data, qc.getQueryData<ChatThread>(threadKey(chatId)));
}

/** The conversation: details (lock, coins, participants) and its messages, oldest first. */
export function useChatThread(chatId: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: threadKey(chatId),
    enabled: Number.isInteger(chatId) && chatId > 0,
    staleTime: 0,
    retry: (count, err) => !(err instanceof ChatNotFoundError) && count < 1,
    queryFn: ({ signal }) => fetchThread(qc, chatId, signal),
  });
}

export function updateThread(
  qc: QueryClient,
  chatId: number,
  change: (t: ChatThread) => ChatThread,
) {
  qc.setQueryData<ChatThread>(threadKey(chatId), (t) => (t ? change(t) : t));
  keepLiveChange(qc, threadKey(chatId));
}

/** Loads the page before the oldest loaded message. */
export async function loadOlderMessages(qc: QueryClient, chatId: number): Promise<boolean> {
  const t = qc.getQueryData<ChatThread>(threadKey(chatId));
  if (!t?.has_more || t.next_before_id === null) return false;
  const res = await call('chats.messages', {
    id: chatId,
    per_page: MESSAGES_PAGE_SIZE,
    before_id: t.next_before_id,
  });
  if (!res.success) return false;
  const page: MessagesPage = {
    data: Array.isArray(res.data) ? res.data : [],
    has_more: res.pagination.has_more,
    next_before_id: res.pagination.next_before_id,
  };
  updateThread(qc, chatId, (cur) => prependOlder(cur, page));
  return true;
}
