/**
 * The square crop editor of a profile photo (spec 1 wizard step 1, spec 2 profile edit): the
 * picture in its dark frame with the crop tool of at least 30 px (lib/cropRules), the default
 * square set once the picture has loaded. The caller keeps the crop and the image element.
 */
import type { RefObject, SyntheticEvent } from 'react';
import ReactCrop, { type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { CROP_TOOL_MIN_PX } from '../lib/cropRules';

export function CropFrame({
  source,
  alt,
  crop,
  onCrop,
  imageRef,
  onLoad,
  onError,
  ruleOfThirds = false,
}: {
  source: string;
  alt: string;
  crop: PercentCrop | undefined;
  onCrop: (crop: PercentCrop) => void;
  imageRef: RefObject<HTMLImageElement | null>;
  onLoad: (e: SyntheticEvent<HTMLImageElement>) => void;
  onError: () => void;
  ruleOfThirds?: boolean;
}) {
  return (
    <div className="crop-frame">
      <ReactCrop
        crop={crop}
        onChange={(_, percent) => onCrop(percent)}
        aspect={1}
        minWidth={CROP_TOOL_MIN_PX}
        minHeight={CROP_TOOL_MIN_PX}
        keepSelection
        ruleOfThirds={ruleOfThirds}
      >
        <img
          ref={imageRef}
          src={source}
          alt={alt}
          onLoad={onLoad}
          onError={onError}
          className="crop-image"
        />
      </ReactCrop>
    </div>
  );
}
