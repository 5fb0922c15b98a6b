/**
 * /verify-profile, « Vérifier mon profil » (issue 28): the state of the member's check
 * (« Vérification en cours », « Profil vérifié », « Vérification refusée » with its reason and a
 * new try), and the capture: for each of the two poses drawn by the server, its drawing and
 * sentence, the front camera, one selfie; then both are sent together.
 */
import { useEffect, useState } from 'react';
import { ArrowLeft, BadgeCheck, Clock, TriangleAlert } from 'lucide-react';
import type { TVerificationStatus } from '@app/shared';
import { firstError } from '../../api/client';
import { useSubmitSelfies, useVerificationStatus } from '../../api/useVerification';
import { useNavigate } from '../../lib/router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { PoseDrawing } from './PoseDrawing';
import { SelfieCamera } from './SelfieCamera';
import { VERIFY_TEXT } from './texts';
import './verification.css';

export default function VerifyProfilePage() {
  const navigate = useNavigate();
  const status = useVerificationStatus();
  return (
    <section className="verify-page">
      <header className="account-header">
        <button
          type="button"
          className="icon-btn"
          aria-label={VERIFY_TEXT.back}
          onClick={() => navigate(-1)}
        >
          <ArrowLeft />
        </button>
        <h1>{VERIFY_TEXT.title}</h1>
        <span className="account-header-spacer" />
      </header>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <ErrorPanel
          title={VERIFY_TEXT.title}
          message={VERIFY_TEXT.loadError + status.error.message}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <VerifyBody status={status.data} />
      )}
    </section>
  );
}

function StateCard({ status }: { status: TVerificationStatus }) {
  if (status.state === 'verified')
    return (
      <div className="verify-state verify-ok" role="status">
        <BadgeCheck />
        <h2>{VERIFY_TEXT.verified}</h2>
        <p>{VERIFY_TEXT.verifiedText}</p>
      </div>
    );
  if (status.state === 'pending')
    return (
      <div className="verify-state" role="status">
        <Clock />
        <h2>{VERIFY_TEXT.pending}</h2>
        <p>{VERIFY_TEXT.pendingText}</p>
      </div>
    );
  if (status.state === 'refused')
    return (
      <div className="verify-state verify-refused" role="status">
        <TriangleAlert />
        <h2>{VERIFY_TEXT.refused}</h2>
        {status.reason && <p>{VERIFY_TEXT.refusedReason(status.reason)}</p>}
      </div>
    );
  return <p className="verify-intro">{VERIFY_TEXT.intro}</p>;
}

function VerifyBody({ status }: { status: TVerificationStatus }) {
  const [capturing, setCapturing] = useState(false);
  const open = status.state === 'none' || status.state === 'refused';
  return (
    <>
      <StateCard status={status} />
      {open && status.poses.length === 2 && !capturing && (
        <>
          <p className="muted">{VERIFY_TEXT.triesLeft(status.tries_left_today)}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => setCapturing(true)}
          >
            {status.state === 'refused' ? VERIFY_TEXT.newTry : VERIFY_TEXT.start}
          </button>
        </>
      )}
      {open && status.tries_left_today === 0 && <p className="muted">{VERIFY_TEXT.noTriesLeft}</p>}
      {open && capturing && <Capture status={status} onDone={() => setCapturing(false)} />}
    </>
  );
}

function Capture({ status, onDone }: { status: TVerificationStatus; onDone: () => void }) {
  const submit = useSubmitSelfies();
  const [shots, setShots] = useState<Blob[]>([]);
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const pose = status.poses[shots.length];

  function handleShot(blob: Blob) {
    setShots((s) => [...s, blob]);
    setUrls((u) => [...u, URL.createObjectURL(blob)]);
  }

  async function handleSend() {
    const [first, second] = shots;
    if (!first || !second || submit.isPending) return;
    const res = await submit.mutateAsync([first, second]);
    if (res.success) {
      toast.success(res.message || VERIFY_TEXT.submitted);
      onDone();
      return;
    }
    toast.error(firstError(res));
    if (res.error === 'verification_limit' || res.error === 'selfie_duplicate') onDone();
  }

  return (
    <div className="verify-capture">
      {pose ? (
        <>
          <h2>{VERIFY_TEXT.poseN(shots.length + 1)}</h2>
          <div className="verify-pose" data-testid="verify-pose">
            <PoseDrawing pose={pose.key} />
            <p>{pose.text}</p>
          </div>
          <SelfieCamera key={shots.length} onShot={handleShot} />
        </>
      ) : (
        <>
          <div className="verify-shots">
            {urls.map((u, i) => (
              <img key={u} src={u} alt={VERIFY_TEXT.poseN(i + 1)} width={140} height={187} />
            ))}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={submit.isPending}
            onClick={() => {
              setShots([]);
              setUrls([]);
            }}
          >
            {VERIFY_TEXT.retake}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={submit.isPending}
            onClick={() => void handleSend()}
          >
            {submit.isPending ? VERIFY_TEXT.sending : VERIFY_TEXT.send}
          </button>
        </>
      )}
    </div>
  );
}
