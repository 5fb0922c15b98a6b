/**
 * Support (spec 2 §7): the reasons, the member's tickets as a paginated cache, and creating
 * a ticket (which puts it at the top of that cache). Every call goes through the typed `call`.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  SUPPORT_MSG,
  SUPPORT_TICKETS_PER_PAGE,
  type TSupportReasonItem,
  type TSupportTicket,
} from '@app/shared';
import { ApiError, firstError, hasMoreOf } from './client';
import { call } from './call';

const supportKey = ['support'] as const;
const ticketsKey = [...supportKey, 'tickets'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * Spec 2 §3: reasons come as a list of {id, label}, or a map of id to a label or to an
 * object with a label. Every shape becomes the list.
 */
function normaliseReasons(data: unknown): TSupportReasonItem[] {
  const items: { id: string; label: string }[] = [];
  if (Array.isArray(data)) {
    for (const r of data) {
      if (isRecord(r) && typeof r.label === 'string')
        items.push({ id: String(r.id), label: r.label });
    }
  } else if (isRecord(data)) {
    for (const [id, v] of Object.entries(data)) {
      const label = typeof v === 'string' ? v : isRecord(v) ? v.label : undefined;
      if (typeof label === 'string') items.push({ id, label });
    }
  }
  return items as TSupportReasonItem[];
}

export function useSupportReasons() {
  return useQuery({
    queryKey: [...supportKey, 'reasons'],
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await call('support.reasons', {}, { signal });
      if (!res.success) throw new ApiError(SUPPORT_MSG.reasonsError, res);
      return normaliseReasons(res.data);
    },
  });
}

interface TicketsPage {
  items: TSupportTicket[];
  page: number;
  hasMore: boolean;
}

export function useMyTickets(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ticketsKey,
    enabled,
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<TicketsPage> => {
      const res = await call(
        'support.myTickets',
        { page: pageParam, per_page: SUPPORT_TICKETS_PER_PAGE },
        { signal },
      );
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      const items = Array.isArray(res.data) ? res.data : [];
      return { items, page: pageParam, hasMore: hasMoreOf(res) };
    },
    getNextPageParam: (last: TicketsPage) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string; description: string }) => call('support.create', input),
    onSuccess: (res) => {
      if (res.success) void qc.invalidateQueries({ queryKey: ticketsKey });
    },
  });
}
