/**
 * The moderation console's paginated lists (issue 10): stories, reports, the scam shield's
 * « Arnaques » queue, members, tickets, announcements, payments and the audit log, and whether
 * the signed-in staff member is an admin (the audit log answers admins only). Every list goes
 * through the typed `call`: its rows are the shared contract's. A filter read from the address
 * that is not one of the list's values is left out (the server's default applies).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_QUEUE_STATUSES,
  MSG,
  ORDER_PROVIDERS,
  ORDER_QUEUE_STATUSES,
  REPORT_QUEUE_STATUSES,
  SCAM_QUEUE_STATUSES,
  STORY_QUEUE_STATUSES,
  TICKET_QUEUE_STATUSES,
  type TAdminAnnouncement,
  type TAdminMemberRow,
  type TAdminOrder,
  type TAdminReport,
  type TAdminScamMember,
  type TAdminStory,
  type TAdminTicket,
  type TAuditEntry,
  type TAdminVerificationItem,
} from '@app/shared';
import { ApiError, firstError, hasMoreOf, type ApiResult } from './client';
import { call } from './call';
import { adminKey, isForbidden, retryUnlessForbidden } from './useAdmin';

export type {
  TAdminAnnouncement,
  TAdminMemberRow,
  TAdminOrder,
  TAdminReport,
  TAdminScamMember,
  TAdminStory,
  TAdminTicket,
  TEvidenceMessage,
} from '@app/shared';

/** One page of an admin list. */
export interface TAdminPage<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** `value` when it is one of `values`, else undefined. */
function oneOf<const T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((v) => v === value);
}

/** A search box's text, left out when empty. */
const textOf = (q: string) => (q.trim() === '' ? undefined : q);

/**
 * A paginated admin list; the previous page stays on screen while the next one loads. `key`
 * names it in the cache (every console query is refreshed after a staff action).
 */
function useAdminList<T>(
  key: readonly unknown[],
  page: number,
  fetch: (signal: AbortSignal) => Promise<ApiResult<T[]>>,
  opts: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...adminKey, ...key, page],
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }): Promise<TAdminPage<T>> => {
      const res = await fetch(signal);
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return { items: Array.isArray(res.data) ? res.data : [], page, hasMore: hasMoreOf(res) };
    },
  });
}

export const useAdminStories = (status: string, page: number) =>
  useAdminList<TAdminStory>(['stories', status], page, (signal) =>
    call('admin.stories.list', { status: oneOf(STORY_QUEUE_STATUSES, status), page }, { signal }),
  );

export const useAdminReports = (status: string, page: number) =>
  useAdminList<TAdminReport>(['reports', status], page, (signal) =>
    call('admin.reports.list', { status: oneOf(REPORT_QUEUE_STATUSES, status), page }, { signal }),
  );

/** Members flagged by the scam shield since their last review: held ones, or all of them. */
export const useAdminScams = (status: string, page: number) =>
  useAdminList<TAdminScamMember>(['scams', status], page, (signal) =>
    call('admin.scams.list', { status: oneOf(SCAM_QUEUE_STATUSES, status), page }, { signal }),
  );

/** The « Vérifications » queue: pending checks, first come first served. */
export const useAdminVerifications = (page: number) =>
  useAdminList<TAdminVerificationItem>(['verifications'], page, (signal) =>
    call('admin.verifications.list', { page }, { signal }),
  );

export const useAdminMembers = (q: string, page: number) =>
  useAdminList<TAdminMemberRow>(['members', q], page, (signal) =>
    call('admin.members.list', { q: textOf(q), page }, { signal }),
  );

export const useAdminTickets = (status: string, page: number) =>
  useAdminList<TAdminTicket>(['tickets', status], page, (signal) =>
    call('admin.tickets.list', { status: oneOf(TICKET_QUEUE_STATUSES, status), page }, { signal }),
  );

/** Announcements by text and status, or one member's (`userId`). */
export const useAdminAnnouncements = (
  f: { q?: string; status: string; userId?: number },
  page: number,
) =>
  useAdminList<TAdminAnnouncement>(['announcements', f], page, (signal) =>
    call(
      'admin.announcements.list',
      {
        q: textOf(f.q ?? ''),
        status: oneOf(ANNOUNCEMENT_QUEUE_STATUSES, f.status),
        user_id: f.userId,
        page,
      },
      { signal },
    ),
  );

export const useAdminPayments = (f: { status: string; provider: string }, page: number) =>
  useAdminList<TAdminOrder>(['payments', f], page, (signal) =>
    call(
      'admin.payments.list',
      {
        status: oneOf(ORDER_QUEUE_STATUSES, f.status),
        provider: oneOf(ORDER_PROVIDERS, f.provider),
        page,
      },
      { signal },
    ),
  );

/** The audit log (admins), newest first; cached beside the other lists, refreshed with them. */
export const useAuditLog = (page: number, opts: { enabled?: boolean } = {}) =>
  useAdminList<TAuditEntry>(
    ['audit'],
    page,
    (signal) => call('admin.audit', { page }, { signal }),
    opts,
  );

/**
 * Whether the signed-in staff member is an admin: the first page of the audit log (admins only)
 * answers or says 403. Undefined while unknown. The Journal section reuses the same cache.
 */
export function useIsAdmin(enabled: boolean): boolean | undefined {
  const q = useAuditLog(1, { enabled });
  if (q.data) return true;
  if (isForbidden(q.error)) return false;
  return undefined;
}
