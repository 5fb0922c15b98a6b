/**
 * Step 1 (spec 1 §2, §5 Photo): pick an image (an image, under 5 MB), crop it square in the
 * editor (default 90 % centred, at least 30 px, at least 10 % each way), apply → JPEG preview.
 * The step is complete once a crop has been applied.
 */
import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import type { PercentCrop } from 'react-image-crop';
import { cropToJpeg } from '../../lib/cropImage';
import { cropIsValid, defaultCrop, photoFileProblem } from '../../lib/cropRules';
import { CropFrame } from '../../ui/CropFrame';
import type { CroppedPhoto } from './wizardState';
import { WIZARD_TEXT } from './texts';

export function PhotoStep({
  photo,
  onPhoto,
}: {
  photo: CroppedPhoto | null;
  onPhoto: (photo: CroppedPhoto | null) => void;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [crop, setCrop] = useState<PercentCrop>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // The crop button goes away once applied: focus moves to the result, announced as ready.
  const focusReady = useRef(false);
  const readyRef = (el: HTMLElement | null) => {
    if (!el || !focusReady.current) return;
    focusReady.current = false;
    el.focus();
  };

  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  function handleFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // picking the same file again must fire a change
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem === 'invalid') return setError(WIZARD_TEXT.photoInvalid);
    if (problem === 'tooLarge') return setError(WIZARD_TEXT.photoTooLarge);
    setError(null);
    setCrop(undefined);
    setSource(URL.createObjectURL(file));
    setEditing(true);
    onPhoto(null);
  }

  function handleLoad(e: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = e.currentTarget;
    setCrop((current) => current ?? defaultCrop(width, height));
  }

  function handleImageError() {
    setSource(null);
    setEditing(false);
    setError(WIZARD_TEXT.photoInvalid);
  }

  async function handleApply() {
    const image = imageRef.current;
    if (!image || !crop || !cropIsValid(crop, image, 'percent')) {
      return setError(WIZARD_TEXT.cropInvalid);
    }
    setBusy(true);
    try {
      const blob = await cropToJpeg(image, crop);
      setError(null);
      onPhoto({ blob, url: URL.createObjectURL(blob) });
      focusReady.current = true;
      setEditing(false);
    } catch {
      setError(WIZARD_TEXT.photoInvalid);
    } finally {
      setBusy(false);
    }
  }

  const chooseButton = (label: string, primary: boolean) => (
    <button
      type="button"
      className={primary ? 'btn btn-primary btn-block' : 'btn btn-ghost btn-block'}
      onClick={() => fileRef.current?.click()}
      disabled={busy}
    >
      {label}
    </button>
  );

  return (
    <div className="photo-step">
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden
        onChange={handleFile}
      />
      {source && editing ? (
        <>
          <p className="muted photo-help">{WIZARD_TEXT.photoCropHelp}</p>
          <CropFrame
            source={source}
            alt={WIZARD_TEXT.cropAlt}
            crop={crop}
            onCrop={setCrop}
            imageRef={imageRef}
            onLoad={handleLoad}
            onError={handleImageError}
            ruleOfThirds
          />
          <div className="photo-actions">
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => void handleApply()}
              disabled={busy || !crop}
            >
              {busy ? WIZARD_TEXT.photoApplyBusy : WIZARD_TEXT.photoApply}
            </button>
            {chooseButton(WIZARD_TEXT.photoChange, false)}
          </div>
        </>
      ) : photo ? (
        <>
          <figure className="photo-preview">
            <img src={photo.url} alt={WIZARD_TEXT.photoAlt} width={400} height={400} />
            <figcaption ref={readyRef} tabIndex={-1} role="status">
              <Check aria-hidden /> {WIZARD_TEXT.photoReady}
            </figcaption>
          </figure>
          <div className="photo-actions">
            {source && (
              <button
                type="button"
                className="btn btn-ghost btn-block"
                onClick={() => setEditing(true)}
              >
                {WIZARD_TEXT.photoRecrop}
              </button>
            )}
            {chooseButton(WIZARD_TEXT.photoChange, false)}
          </div>
        </>
      ) : (
        <button type="button" className="photo-pick" onClick={() => fileRef.current?.click()}>
          <CameraIcon />
          <span className="photo-pick-label">{WIZARD_TEXT.photoChoose}</span>
          <span className="muted">{WIZARD_TEXT.photoHint}</span>
        </button>
      )}
      <div role="alert" className="field-error-slot">
        {error && <p className="field-error">{error}</p>}
      </div>
    </div>
  );
}

function CameraIcon() {
  return (
    <svg
      className="photo-pick-icon"
      width="48"
      height="48"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="M4 8h3l1.5-2.5h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.6" />
    </svg>
  );
}
