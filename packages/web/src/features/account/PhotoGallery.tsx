/**
 * « Mes photos » in « Modifier le profil » (issue 28): up to six photos, the first is the main
 * one. Add one (camera or gallery, cropped like the round photo), replace one, delete one (the
 * last stays), move one earlier or later. Each change is sent at once and the server answers the
 * new order; its French refusals show as toasts.
 */
import { ChevronLeft, ChevronRight, ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { PROFILE_PHOTOS_MAX, type TOwnPhoto } from '@app/shared';
import { firstError } from '../../api/client';
import { useGalleryChange, useOwnPhotos, type GalleryChange } from '../../api/usePhotos';
import { photoFileProblem } from '../../lib/cropRules';
import { toast } from '../../ui/toast';
import { PhotoCropDialog } from './PhotoCropDialog';
import { ACCOUNT_TEXT } from './texts';

type Target = { kind: 'add' } | { kind: 'replace'; id: number };

export function PhotoGallery() {
  const photos = useOwnPhotos();
  const change = useGalleryChange();
  const [source, setSource] = useState<{ url: string; target: Target } | null>(null);
  useEffect(() => (source ? () => URL.revokeObjectURL(source.url) : undefined), [source]);
  const list: TOwnPhoto[] = photos.data ?? [];

  async function send(c: GalleryChange) {
    if (change.isPending) return;
    const res = await change.mutateAsync(c);
    if (res.success) toast.success(res.message || ACCOUNT_TEXT.photoUpdated);
    else toast.error(res.httpStatus === 0 ? ACCOUNT_TEXT.network : firstError(res));
  }

  const pick = (target: Target) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem === 'invalid') return void toast.error(ACCOUNT_TEXT.photoInvalid);
    if (problem === 'tooLarge') return void toast.error(ACCOUNT_TEXT.photoTooLarge);
    setSource({ url: URL.createObjectURL(file), target });
  };

  function handleCropped(photo: Blob) {
    const target = source?.target;
    setSource(null);
    if (!target) return;
    void send(target.kind === 'add' ? { kind: 'add', photo } : { ...target, photo });
  }

  function move(index: number, by: -1 | 1) {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    void send({ kind: 'reorder', ids });
  }

  return (
    <section
      className="edit-gallery"
      aria-labelledby="edit-gallery-title"
      aria-busy={change.isPending}
    >
      <h2 id="edit-gallery-title">{ACCOUNT_TEXT.galleryTitle}</h2>
      <p className="muted">{ACCOUNT_TEXT.galleryHint}</p>
      <ol className="edit-gallery-list" data-testid="edit-gallery">
        {list.map((p, i) => (
          <li key={p.id} data-photo-id={p.id}>
            <img src={p.thumb} alt={ACCOUNT_TEXT.galleryPhoto(i + 1)} width={96} height={96} />
            {i === 0 && <span className="edit-gallery-main">{ACCOUNT_TEXT.galleryMain}</span>}
            <div className="edit-gallery-tools">
              <button
                type="button"
                aria-label={ACCOUNT_TEXT.galleryEarlier(i + 1)}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <ChevronLeft />
              </button>
              <label aria-label={ACCOUNT_TEXT.galleryReplace(i + 1)}>
                <RefreshCw />
                <input
                  type="file"
                  accept="image/*"
                  className="visually-hidden"
                  onChange={pick({ kind: 'replace', id: p.id })}
                />
              </label>
              <button
                type="button"
                aria-label={ACCOUNT_TEXT.galleryDelete(i + 1)}
                disabled={list.length <= 1}
                onClick={() => void send({ kind: 'delete', id: p.id })}
              >
                <Trash2 />
              </button>
              <button
                type="button"
                aria-label={ACCOUNT_TEXT.galleryLater(i + 1)}
                disabled={i === list.length - 1}
                onClick={() => move(i, 1)}
              >
                <ChevronRight />
              </button>
            </div>
          </li>
        ))}
        {list.length < PROFILE_PHOTOS_MAX && (
          <li>
            <label className="edit-gallery-add" aria-label={ACCOUNT_TEXT.galleryAdd}>
              <ImagePlus />
              <input
                type="file"
                accept="image/*"
                className="visually-hidden"
                data-testid="gallery-add-input"
                onChange={pick({ kind: 'add' })}
              />
            </label>
          </li>
        )}
      </ol>
      {source && (
        <PhotoCropDialog
          source={source.url}
          onApply={handleCropped}
          onCancel={() => setSource(null)}
        />
      )}
    </section>
  );
}
