/**
 * The moderation console's calls (issue 10, /api/admin/*): the dashboard (which also tells
 * whether the signed-in member is staff: 403 otherwise), paginated lists, one member's detail
 * and the staff actions. Every action answers { success, message }; a success refreshes every
 * console query so queues, counts and the audit log follow.
 *
 * The server declares no zod contract for these answers, so their shapes are written here from
 * packages/server/src/modules/admin/*.ts.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { api, ApiError, firstError, type ApiResult } from './client';

export const adminKey = ['admin'] as const;

export interface TDayCount {
  day: string;
  n: number;
}

/** One provider's paid orders over the 30 days (FCFA, dated by completion), largest first. */
export interface TProviderRevenue {
  provider: string;
  amount: number;
  orders: number;
  series: TDayCount[];
}

export interface TAdminDashboard {
  series: {
    new_members: TDayCount[];
    active_members: TDayCount[];
    messages: TDayCount[];
    matches: TDayCount[];
    /** Each day the sum of the providers' days. */
    revenue_fcfa: TDayCount[];
  };
  revenue_by_provider: TProviderRevenue[];
  pending: { stories: number; reports: number; tickets: number; payments: number };
}

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

export interface TCoinMovement {
  id: number;
  amount: number;
  balance_after: number;
  reason: string;
  meta: Record<string, unknown> | null;
  created_at: string;
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

export interface TMemberReport {
  id: number;
  reporter_id: number;
  reported_id: number;
  reason: string;
  details: string | null;
  status: string;
  created_at: string;
}

export interface TDeviceAccount {
  id: number;
  email: string;
  name: string | null;
  blocked_at: string | null;
  created_at: string;
}

/** An account seen on a device: a link to its page, and whether it is blocked. */
export interface TSeenAccount {
  id: number;
  name: string | null;
  email: string;
  blocked: boolean;
}

/** A device the member signed up or signed in from (last used first, at most 20). */
export interface TMemberDevice {
  hash: string;
  first_seen_at: string;
  last_seen_at: string;
  /** The other accounts seen on it, last seen there first (at most 20). */
  accounts: TSeenAccount[];
}

export interface TAdminMember {
  id: number;
  name: string | null;
  email: string;
  gender: string | null;
  age: number | null;
  locality: string | null;
  bio: string | null;
  photos: { thumb: string | null; card: string | null; full: string | null } | null;
  role: string;
  coins: number;
  blocked: boolean;
  blocked_reason: string | null;
  email_verified: boolean;
  profile_complete: boolean;
  created_at: string;
  last_seen_at: string | null;
  /** The signup device: the accounts created from it and its refused sign-ups. */
  device: { hash: string | null; accounts: TDeviceAccount[]; refusals: number };
  devices: TMemberDevice[];
  coin_movements: TCoinMovement[];
  orders: TAdminOrder[];
  reports_received: TMemberReport[];
  reports_made: TMemberReport[];
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

export interface TLedgerMismatch {
  user_id: number;
  balance: number;
  ledger_sum: number;
  last_balance_after: number | null;
  movements: number;
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

export const isForbidden = (err: unknown) => err instanceof ApiError && err.result.status === 403;

// A 403 is an answer (not staff, or not admin), not a hiccup: asking again changes nothing.
const retryUnlessForbidden = (count: number, err: Error) => !isForbidden(err) && count < 1;

function withQuery(path: string, params: TListParams) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

async function getData<T>(path: string, signal: AbortSignal): Promise<ApiResult<T>> {
  const res = await api<T>(path, { method: 'GET', signal });
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return res;
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: [...adminKey, 'dashboard'],
    queryFn: async ({ signal }) => {
      const res = await getData<TAdminDashboard>('/admin/dashboard', signal);
      if (!res.data) throw new ApiError(MSG.requestError, res);
      return res.data;
    },
    retry: retryUnlessForbidden,
    refetchInterval: 60_000,
  });
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
      const p = res.raw.pagination;
      const hasMore = typeof p === 'object' && p !== null && 'has_more' in p && p.has_more === true;
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

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: [...adminKey, 'member', id],
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }) => {
      const res = await getData<TAdminMember>(`/admin/members/${id}`, signal);
      if (!res.data) throw new ApiError(MSG.requestError, res);
      return res.data;
    },
  });
}

export function useLedgerAudit(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, 'ledger-audit'],
    enabled,
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }) => {
      const res = await getData<TLedgerMismatch[]>('/admin/ledger-audit', signal);
      return Array.isArray(res.data) ? res.data : [];
    },
  });
}

export interface AdminActionInput {
  /** e.g. /admin/stories/12/approve */
  path: string;
  body?: Record<string, unknown>;
}

/** A staff action (POST): resolves with the answer, whose message the screen shows either way. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: AdminActionInput) =>
      api<unknown>(path, { method: 'POST', body: body ?? {} }),
    onSuccess: (res) => {
      if (res.success) void qc.invalidateQueries({ queryKey: adminKey });
    },
  });
}
