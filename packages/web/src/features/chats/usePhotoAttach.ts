/**
 * The photo chosen in the composer until it is sent: kept with a preview address (freed when
 * the photo is replaced, removed or sent); anything but an image is refused with a toast. On
 * send it is shrunk (busy meanwhile) and handed over, unless still too large.
 */
import { useEffect, useState } from 'react';
import { PHOTO_MAX_BYTES } from '@app/shared';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { toast } from '../../ui/toast';
import { shrinkImage } from './media';

export interface AttachedPhoto {
  file: File;
  url: string;
}

export function usePhotoAttach() {
  const [photo, setPhoto] = useState<AttachedPhoto | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.url);
  }, [photo]);

  /** Takes the chosen file; true when it was kept. */
  const attach = (file: File | undefined): boolean => {
    if (!file) return false;
    if (!file.type.startsWith('image/')) {
      toast.error(CHAT_TEXT.imageOnly);
      return false;
    }
    setPhoto({ file, url: URL.createObjectURL(file) });
    return true;
  };
  /** Hands the photo over with its caption; true when it left the composer. */
  const send = async (onImage: (image: Blob, caption: string) => void, caption: string) => {
    if (!photo) return false;
    setBusy(true);
    const blob = await shrinkImage(photo.file);
    setBusy(false);
    if (blob.size > PHOTO_MAX_BYTES) {
      toast.error(CHAT_TEXT.imageTooLarge);
      return false;
    }
    onImage(blob, caption);
    setPhoto(null);
    return true;
  };
  return { photo, busy, attach, send, remove: () => setPhoto(null) };
}
