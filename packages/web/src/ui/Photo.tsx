/**
 * A member photo. The thumbnail and the lite card, the photos lists show by the dozen, are
 * stored with an AVIF twin beside the WebP (a third to two fifths fewer bytes at the same look):
 * a browser that shows AVIF takes the twin, any other the WebP, with no detection of ours
 * (`<picture>`). A twin that fails to load (a store that has none) falls back to the WebP.
 * Any other address is shown as it is.
 */
import { useState, type ImgHTMLAttributes } from 'react';

const TWINNED = /-(thumb|lite)\.webp(\?|$)/;

/** The AVIF twin of a thumbnail's or lite card's address; null for any other. */
export function avifTwin(url: string): string | null {
  return TWINNED.test(url) ? url.replace(TWINNED, '-$1.avif$2') : null;
}

type PhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string;
  alt?: string;
  /** Called when the photo itself (not its twin) fails to load. */
  onError?: () => void;
};

export function Photo({ src, alt = '', onError, ...img }: PhotoProps) {
  const twin = avifTwin(src);
  const [failedTwin, setFailedTwin] = useState<string | null>(null);
  if (!twin || failedTwin === twin) {
    return <img {...img} src={src} alt={alt} onError={onError} />;
  }
  return (
    <picture className="photo-twins">
      <source srcSet={twin} type="image/avif" />
      <img
        {...img}
        src={src}
        alt={alt}
        onError={(e) => {
          if (e.currentTarget.currentSrc.endsWith(twin)) setFailedTwin(twin);
          else onError?.();
        }}
      />
    </picture>
  );
}
