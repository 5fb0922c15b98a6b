/**
 * One member's page in the moderation console (issue 10, GET /admin/members/{id}): profile,
 * devices and the accounts seen on them, coin movements, orders and reports — the shared
 * contract's shapes, through the typed `call`.
 */
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { ApiError, firstError } from './client';
import { call } from './call';
import { adminKey, retryUnlessForbidden } from './useAdmin';

export type { TAdminMember, TMemberDevice, TMemberReport, TSeenAccount } from '@app/shared';

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: [...adminKey, 'member', id],
    retry: retryUnlessForbidden,
    queryFn: async ({ signal }) => {
      const res = await call('admin.members.get', { id }, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      if (!res.data) throw new ApiError(MSG.requestError, res);
      return res.data;
    },
  });
}
