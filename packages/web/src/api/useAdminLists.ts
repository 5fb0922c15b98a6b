/**
 * The moderation console's paginated lists (issue 10): stories, reports, members, tickets,
 * announcements, payments and the audit log, each row's shape, and whether the signed-in staff
 * member is an admin (the audit log answers admins only). Shapes are written from
 * packages/server/src/modules/admin/*.ts (no zod contract).
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { hasMoreOf } from './client';
import { adminKey, getData, isForbidden, retryUnlessForbidden } from './useAdmin';

export interface TAdminStory {
  id: number;
  content: string;
  status: string;
  held_reason: string | null;
  held_reason_label: string | null;
  created_at: string;
  author_id: number;
  author_name: string | null;
}

export interface TEvidenceMessage {
  id?: number;
  sender_id: number;
  type: string;
  content: string | null;
  created_at: string;
}

export interface TAdminReport {
  id: number;
  reason: string;
  reason_label: string;
  details: string | null;
  evidence: TEvidenceMessage[];
  status: string;
  created_at: string;
  chat_id: number | null;
  earlier_reports: number;
  reporter: { id: number; name: string | null };
  reported: {
    id: number;
    name: string | null;
    email: string;
    photo: string | null;
    blocked: boolean;
    /** Their announcements not deleted yet (listed with /admin/announcements?user_id=). */
    announcements: number;
  };
}

export interface TAdminMemberRow {
  id: number;
  name: string | null;
  email: string;
  photo: string | null;
  role: string;
  blocked: boolean;
  blocked_reason: string | null;
  created_at: string;
  last_seen_at: string | null;
  coins: number;
}

export interface TAdminOrder {
  id: number;
  payment_id: string;
  user_id: number;
  user_name?: string | null;
  user_email?: string;
  pack_id: number;
  amount: number;
  currency: string;
  coins: number;
  bonus: number;
  provider: string;
  method: string;
  status: string;
  provider_ref: string | null;
  failure_reason: string | null;
  check_attempts: number;
  created_at: string;
  completed_at: string | null;
}

export interface TAdminTicket {
  id: number;
  reason: string;
  description: string;
  status: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
  user_id: number;
  user_name: string | null;
  user_email: string;
}

export interface TAdminAnnouncement {
  id: number;
  description: string;
  category: string | null;
  views: number;
  is_active: boolean;
  deleted_at: string | null;
  created_at: string;
  user_id: number;
  user_name: string | null;
  user_email: string;
}

export interface TAuditEntry {
  id: number;
  actor_id: number;
  actor_name: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  reason: string | null;
  data: Record<string, unknown> | null;
  created_at: string;
}

/** One page of an admin list. */
export interface TAdminPage<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

export type TListParams = Record<string, string | number | undefined>;

/** The list endpoints and what each row is. */
export interface TAdminLists {
  '/admin/stories': TAdminStory;
  '/admin/reports': TAdminReport;
  '/admin/members': TAdminMemberRow;
  '/admin/tickets': TAdminTicket;
  '/admin/announcements': TAdminAnnouncement;
  '/admin/payments': TAdminOrder;
  '/admin/audit': TAuditEntry;
}

function withQuery(path: string, params: TListParams) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

const listKey = (path: string, params: TListParams): QueryKey => [...adminKey, path, params];

/** A paginated admin list; the previous page stays on screen while the next one loads. */
export function useAdminList<P extends keyof TAdminLists>(
  path: P,
  params: TListParams,
  opts: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: listKey(path, params),
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }): Promise<TAdminPage<TAdminLists[P]>> => {
      const res = await getData<TAdminLists[P][]>(withQuery(path, params), signal);
      const hasMore = hasMoreOf(res);
      const page = Number(params.page ?? 1);
      return { items: Array.isArray(res.data) ? res.data : [], page, hasMore };
    },
  });
}

/**
 * Whether the signed-in staff member is an admin: the first page of the audit log (admins only)
 * answers or says 403. Undefined while unknown. The Journal section reuses the same cache.
 */
export function useIsAdmin(enabled: boolean): boolean | undefined {
  const q = useAdminList('/admin/audit', { page: 1 }, { enabled });
  if (q.data) return true;
  if (isForbidden(q.error)) return false;
  return undefined;
}
