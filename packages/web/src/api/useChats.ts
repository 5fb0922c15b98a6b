/**
 * Chats and messages (spec 2 §7 "Chat and presence", plus block and report): the paginated chat
 * list, one conversation's thread, the calls that change them, and the cache updates they and
 * the realtime events (features/chats/useLiveChats) share. Pure rules live in features/chats
 * (chatList, thread).
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  CHAT_MSG,
  MESSAGES_PAGE_SIZE,
  MSG,
  type TChatMessage,
  type TChatSummary,
} from '@app/shared';
import { api, ApiError, firstError, type ApiResult } from './client';
import { markChatNotificationsRead } from './useNotifications';
import { profileKey, type OwnProfile } from './useProfile';
import { getToken } from '../auth/session';
import { getSocket } from '../realtime/socket';
import {
  applyAllRead,
  applyEdited,
  applyNewMessage,
  flattenPages,
  rebuildPages,
  removeChat,
  type ChatListPage,
} from '../features/chats/chatList';
import {
  addMessage,
  markRead,
  prependOlder,
  removeMessage,
  replaceMessage,
  threadFromDetails,
} from '../features/chats/thread';
import { blockedMembersKey } from '../features/safety/keys';
import type { OutboxItem } from '../features/chats/outbox';
import { loadOutboxBlob } from '../features/chats/outboxBlobs';
import { outboxRequest } from '../features/chats/outboxRequest';
import type { SendResult } from '../features/chats/outboxStore';
import { CHAT_TEXT, FALLBACK_REPORT_REASONS } from '../features/chats/texts';
import type { ChatThread, MessagesPage, TChatDetails } from '../features/chats/types';

export const chatsKey = ['chats'] as const;
export const chatListKey = [...chatsKey, 'list'] as const;
export const threadKey = (chatId: number) => [...chatsKey, 'thread', chatId] as const;

type ChatListCache = InfiniteData<ChatListPage, number>;

/** The `has_more` flag of a paginated answer (false when absent). */
function hasMoreOf(res: ApiResult<unknown>): boolean {
  const p = res.raw.pagination;
  return !!p && typeof p === 'object' && 'has_more' in p ? p.has_more === true : false;
}

/** The server's own message when it gave one, else the screen's default text. */
function messageOf(res: ApiResult<unknown>, fallback: string, network: string): string {
  if (res.status === 0) return network;
  return typeof res.raw.message === 'string' && res.raw.message ? firstError(res) : fallback;
}

// ---------------------------------------------------------------- chat list

async function fetchChatPage(page: number, signal: AbortSignal): Promise<ChatListPage> {
  const res = await api<TChatSummary[]>('/chats', { body: { page }, signal });
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
}

/** Leaves a chat; it leaves the list only once the server agreed (spec 2 §4). */
export function useLeaveChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (chatId: number) => {
      const res = await api(`/chats/${chatId}/leave`, { body: {} });
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
  const res = await api<TChatDetails>(`/chats/${chatId}`, { body: {}, signal });
  if (res.status === 404) throw new ChatNotFoundError(CHAT_TEXT.notFound);
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
}

/** Loads the page before the oldest loaded message. */
export async function loadOlderMessages(qc: QueryClient, chatId: number): Promise<boolean> {
  const t = qc.getQueryData<ChatThread>(threadKey(chatId));
  if (!t?.has_more || t.next_before_id === null) return false;
  const res = await api<TChatMessage[]>(`/chats/${chatId}/messages`, {
    body: { per_page: MESSAGES_PAGE_SIZE, before_id: t.next_before_id },
  });
  if (!res.success) return false;
  const p = res.raw.pagination;
  const pagination = p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
  const page: MessagesPage = {
    data: Array.isArray(res.data) ? res.data : [],
    has_more: pagination.has_more === true,
    next_before_id:
      typeof pagination.next_before_id === 'number' ? pagination.next_before_id : null,
  };
  updateThread(qc, chatId, (cur) => prependOlder(cur, page));
  return true;
}

/** A message the member sent (from any screen or device) goes into both caches. */
export function applySentMessage(qc: QueryClient, m: TChatMessage) {
  updateThread(qc, m.chat_id, (t) => addMessage(t, m));
  updateChatList(qc, (chats) => applyNewMessage(chats, m, m.sender_id));
}

/** The server says this side is locked: the screen shows the hint and the unlock modal. */
function markLocked(qc: QueryClient, chatId: number) {
  updateThread(qc, chatId, (t) => ({
    ...t,
    chat: {
      ...t.chat,
      is_locked_for_user: true,
      locked_sender: t.chat.is_sender || t.chat.locked_sender,
      locked_receiver: !t.chat.is_sender || t.chat.locked_receiver,
    },
  }));
}

const isLockedAnswer = (res: ApiResult<unknown>) => res.status === 403 && res.raw.locked === true;

/**
 * Sends one outbox message (text, photo or voice, with its client id) and files the answer in
 * the caches. A photo or voice message whose bytes were lost is refused here, visibly.
 */
export async function sendOutboxItem(qc: QueryClient, item: OutboxItem): Promise<SendResult> {
  const blob = item.kind === 'text' ? null : await loadOutboxBlob(item.local_id);
  const request = outboxRequest(item, blob);
  if (!request) return { kind: 'failed', error: CHAT_TEXT.mediaLost };
  const res = await api<TChatMessage>(request.path, { body: request.body });
  if (res.success && res.data) {
    applySentMessage(qc, res.data);
    refreshLockAfterIntro(qc, item.chat_id, res.data.sender_id);
    return { kind: 'sent' };
  }
  if (res.status === 0) return { kind: 'network' };
  if (isLockedAnswer(res)) {
    markLocked(qc, item.chat_id);
    return { kind: 'locked' };
  }
  if (res.status === 404) return { kind: 'failed', error: CHAT_TEXT.notFound };
  return { kind: 'failed', error: firstError(res) || MSG.generic };
}

/**
 * The lock rule lets the starter of a contact chat write one introduction, then locks their
 * side until an answer: after that first message, ask the server for the new lock state.
 */
function refreshLockAfterIntro(qc: QueryClient, chatId: number, meId: number) {
  const t = qc.getQueryData<ChatThread>(threadKey(chatId));
  if (!t || t.chat.origin !== 'contact' || !t.chat.is_sender || t.chat.is_locked_for_user) return;
  if (t.messages.some((m) => m.sender_id !== meId)) return;
  void qc.invalidateQueries({ queryKey: threadKey(chatId) });
}

/** Marks the chat read (POST /chats/{id}/read), then the chat caches and the bell's count. */
export async function markChatRead(qc: QueryClient, chatId: number, meId: number) {
  const res = await api<{ message_ids?: number[] }>(`/chats/${chatId}/read`, { body: {} });
  if (!res.success) return;
  const ids = Array.isArray(res.data?.message_ids) ? res.data.message_ids : [];
  const t = qc.getQueryData<ChatThread>(threadKey(chatId));
  const lastFromOther = t?.messages.filter((m) => m.sender_id !== meId).at(-1)?.id ?? 0;
  updateThread(qc, chatId, (cur) =>
    markRead(cur, { chat_id: chatId, message_id: lastFromOther, message_ids: ids, user_id: meId }),
  );
  updateChatList(qc, (chats) => applyAllRead(chats, chatId));
  // The server read the chat's message notifications too.
  markChatNotificationsRead(qc, chatId);
}

// ---------------------------------------------------------------- chat actions

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

/** DELETE /messages/{id}: only one's own unread messages (403 / 409 otherwise). */
export function useDeleteMessage(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) => {
      const res = await api(`/messages/${messageId}`, { method: 'DELETE', body: {} });
      if (!res.success) {
        throw new ApiError(res.status === 0 ? MSG.network : firstError(res) || MSG.generic, res);
      }
      return messageId;
    },
    onSuccess: (messageId) => {
      updateThread(qc, chatId, (t) => removeMessage(t, messageId));
      updateChatList(qc, (chats) =>
        chats.some((c) => c.id === chatId && c.last_message?.message_id === messageId)
          ? null
          : chats,
      );
    },
  });
}

/** An edited message (own edit or message.updated) into the thread and the list's preview. */
export function applyEditedMessage(qc: QueryClient, m: TChatMessage) {
  updateThread(qc, m.chat_id, (t) => replaceMessage(t, m));
  updateChatList(qc, (chats) => applyEdited(chats, m));
}

/** PUT /messages/{id}/edit {content}: one's own text messages only (403 / 422 otherwise). */
export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { messageId: number; content: string }) => {
      const res = await api<TChatMessage>(`/messages/${v.messageId}/edit`, {
        method: 'PUT',
        body: { content: v.content },
      });
      if (!res.success || !res.data) {
        const msg = res.status === 0 ? CHAT_TEXT.editNetworkError : firstError(res) || MSG.generic;
        throw new ApiError(msg, res);
      }
      return res.data;
    },
    onSuccess: (m) => applyEditedMessage(qc, m),
  });
}

// ---------------------------------------------------------------- search within a chat

export interface SearchPage {
  items: TChatMessage[];
  page: number;
  has_more: boolean;
}
type SearchCache = InfiniteData<SearchPage, number>;

export const chatSearchKey = (chatId: number, query: string) =>
  [...chatsKey, 'search', chatId, query] as const;

async function fetchSearchPage(chatId: number, query: string, page: number, signal: AbortSignal) {
  const res = await api<TChatMessage[]>(`/chats/${chatId}/search`, {
    body: { query, page },
    signal,
  });
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

/** Typing over the socket when connected, else POST /chats/{id}/typing. */
export function announceTyping(chatId: number, isTyping: boolean) {
  const socket = getSocket();
  if (socket?.connected) socket.emit('typing', { chat_id: chatId, is_typing: isTyping });
  else void api(`/chats/${chatId}/typing`, { body: { is_typing: isTyping } });
}

/** The 15 s presence heartbeat is POST /profile (spec 2 §7); it also refreshes the balance. */
export async function sendPresenceHeartbeat(qc: QueryClient) {
  const res = await api<OwnProfile>('/profile', { body: {} });
  if (res.success && res.data) qc.setQueryData(profileKey, res.data);
}
