/**
 * A card-size photo, lighter on mobile data (issue 19): its `lite` version (320 px, under half
 * the bytes) when the connection is cellular, slow or saving data; should the lite file be
 * missing, the photo itself.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { useMobileData } from '../lib/dataSaver/connection';
import { Photo } from './Photo';

export function LitePhoto({
  src,
  lite,
  alt = '',
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string;
  lite?: string | null;
}) {
  const mobile = useMobileData();
  const [failed, setFailed] = useState<string | null>(null);
  const chosen = mobile && lite && failed !== lite ? lite : src;
  return (
    <Photo
      decoding="async"
      {...img}
      src={chosen}
      alt={alt}
      onError={chosen === src ? undefined : () => setFailed(chosen)}
    />
  );
}
