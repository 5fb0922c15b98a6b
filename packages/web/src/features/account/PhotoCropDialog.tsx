/**
 * 'Recadrez votre photo' (spec 2 "Profile edit", §5): the chosen image in a square crop tool
 * (at least 30 px, 90 % centred at first), 'Appliquer' turns the area (at least 10 by 10) into
 * a JPEG at quality 0.9, 'Annuler' drops it. The JPEG step is the wizard's.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import type { PercentCrop } from 'react-image-crop';
import { cropToJpeg } from '../../lib/cropImage';
import { cropIsValid, defaultCrop } from '../../lib/cropRules';
import { CropFrame } from '../../ui/CropFrame';
import { Dialog } from '../../ui/Dialog';
import { ACCOUNT_TEXT } from './texts';

export function PhotoCropDialog({
  source,
  onApply,
  onCancel,
}: {
  source: string;
  onApply: (jpeg: Blob) => void;
  onCancel: () => void;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function handleLoad(e: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = e.currentTarget;
    setCrop((current) => current ?? defaultCrop(width, height));
  }

  async function handleApply() {
    const image = imageRef.current;
    if (!image || !crop || !cropIsValid(crop, image, 'px')) {
      return setError(ACCOUNT_TEXT.cropInvalid);
    }
    setBusy(true);
    try {
      onApply(await cropToJpeg(image, crop));
    } catch {
      setError(ACCOUNT_TEXT.photoInvalid);
      setBusy(false);
    }
  }

  return (
    <Dialog
      className="modal crop-modal"
      labelledBy="crop-title"
      closeOnBackdrop={false}
      onClose={onCancel}
    >
      <h2 id="crop-title">{ACCOUNT_TEXT.cropTitle}</h2>
      <CropFrame
        source={source}
        alt={ACCOUNT_TEXT.cropAlt}
        crop={crop}
        onCrop={setCrop}
        imageRef={imageRef}
        onLoad={handleLoad}
        onError={() => setError(ACCOUNT_TEXT.photoInvalid)}
      />
      <div role="alert" className="field-error-slot">
        {error && <p className="field-error">{error}</p>}
      </div>
      <div className="crop-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {ACCOUNT_TEXT.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void handleApply()}
          disabled={busy || !crop}
        >
          {ACCOUNT_TEXT.apply}
        </button>
      </div>
    </Dialog>
  );
}
