/**
 * « Vérifier mon profil » (issue 28): the member's state with the poses to do, and the two
 * selfies sent as one form. A sent check refreshes the own profile (its badge).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type TVerificationStatus } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call, upload } from './call';
import { memberChanged } from './memberChanged';

const statusKey = ['verification'] as const;

export function useVerificationStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => {
      const res = await call('verification.status', {}, { signal });
      if (!res.success || !res.data) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.data;
    },
  });
}

export function useSubmitSelfies() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (selfies: [Blob, Blob]): Promise<ApiResult<TVerificationStatus>> => {
      const form = new FormData();
      form.set('selfie_1', selfies[0], 'selfie-1.jpg');
      form.set('selfie_2', selfies[1], 'selfie-2.jpg');
      return upload('verification.submit', form);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: statusKey });
      void memberChanged(qc);
    },
  });
}
