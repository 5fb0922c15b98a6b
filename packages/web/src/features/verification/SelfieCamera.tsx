/**
 * The front camera in the page (issue 28): no file picker, so a selfie is taken now, not chosen
 * from the gallery. « Prendre le selfie » draws the current frame to a JPEG; the stream stops
 * when the component leaves.
 */
import { useEffect, useRef, useState } from 'react';
import { VERIFY_TEXT } from './texts';

const MAX_SIDE = 960;

export function SelfieCamera({ onShot }: { onShot: (photo: Blob) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    // No camera API at all (an old browser, a page not served over HTTPS) reads as refused.
    Promise.resolve()
      .then(() =>
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }),
      )
      .then((s) => {
        if (gone) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        if (video.current) video.current.srcObject = s;
      })
      .catch(() => setError(VERIFY_TEXT.cameraDenied));
    return () => {
      gone = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  function shoot() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const scale = Math.min(1, MAX_SIDE / Math.max(v.videoWidth, v.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && onShot(blob), 'image/jpeg', 0.85);
  }

  if (error)
    return (
      <p className="field-error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="selfie-camera">
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        onLoadedData={() => setReady(true)}
        data-testid="selfie-video"
      />
      <button type="button" className="btn btn-primary btn-block" disabled={!ready} onClick={shoot}>
        {VERIFY_TEXT.takeSelfie}
      </button>
    </div>
  );
}
