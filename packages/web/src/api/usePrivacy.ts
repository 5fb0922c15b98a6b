/**
 * The member's privacy settings (GET / PATCH /me/settings, issue 29). A change shows at once
 * and goes back to what it was if the server refuses it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMemberSettings, TMemberSettingsUpdate } from '@app/shared';
import { MSG } from '@app/shared';
import { ApiError, firstError } from './client';
import { call, callData } from './call';
import { getToken } from '../auth/session';

const privacyKey = ['privacy-settings'] as const;

export function usePrivacySettings() {
  return useQuery({
    queryKey: privacyKey,
    enabled: !!getToken(),
    staleTime: 60_000,
    queryFn: ({ signal }) => callData('privacy.settings', {}, { signal }),
  });
}

type Change = Omit<TMemberSettingsUpdate, 'token'>;

export function useUpdatePrivacy() {
  const qc = useQueryClient();
  return useMutation<TMemberSettings, ApiError, Change, { before?: TMemberSettings }>({
    mutationFn: async (change) => {
      const res = await call('privacy.update', change);
      if (!res.success || !res.data) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.data;
    },
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: privacyKey });
      const before = qc.getQueryData<TMemberSettings>(privacyKey);
      if (before) qc.setQueryData<TMemberSettings>(privacyKey, { ...before, ...change });
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) qc.setQueryData(privacyKey, context.before);
    },
    onSuccess: (settings) => {
      qc.setQueryData(privacyKey, settings);
      // What others show of themselves may differ now (distance, presence, read marks).
      void qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== privacyKey[0],
        refetchType: 'none',
      });
    },
  });
}
