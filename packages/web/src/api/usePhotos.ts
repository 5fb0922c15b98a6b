/**
 * The photo gallery (issue 28): the member's own photos (list, add, replace, delete, reorder;
 * each change answers the new gallery and refreshes the own profile, whose main photo may have
 * changed), and the photos of a profile another member opens.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type TOwnPhoto } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call, upload } from './call';
import { memberChanged } from './memberChanged';

const galleryKey = ['own-photos'] as const;

export function useOwnPhotos() {
  return useQuery({
    queryKey: galleryKey,
    queryFn: async ({ signal }) => {
      const res = await call('photos.mine', {}, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.data ?? [];
    },
  });
}

const photoForm = (photo: Blob) => {
  const form = new FormData();
  form.set('photo', photo, 'photo.jpg');
  return form;
};

export type GalleryChange =
  | { kind: 'add'; photo: Blob }
  | { kind: 'replace'; id: number; photo: Blob }
  | { kind: 'delete'; id: number }
  | { kind: 'reorder'; ids: number[] };

function sendChange(change: GalleryChange): Promise<ApiResult<TOwnPhoto[]>> {
  switch (change.kind) {
    case 'add':
      return upload('photos.add', photoForm(change.photo));
    case 'replace':
      return upload('photos.replace', photoForm(change.photo), {}, { id: change.id });
    case 'delete':
      return call('photos.delete', { id: change.id });
    case 'reorder':
      return call('photos.reorder', { ids: change.ids });
  }
}

export function useGalleryChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendChange,
    onSuccess: (res) => {
      if (!res.success || !res.data) return;
      qc.setQueryData(galleryKey, res.data);
      // The main photo (and the badge with it) may have changed.
      void memberChanged(qc);
    },
  });
}

/** Every photo of another member's profile, and whether they are verified. */
export function useMemberPhotos(memberId: number) {
  return useQuery({
    queryKey: ['member-photos', memberId],
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const res = await call('photos.ofMember', { id: memberId }, { signal });
      if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
      return res.data ?? { verified: false, photos: [] };
    },
  });
}
