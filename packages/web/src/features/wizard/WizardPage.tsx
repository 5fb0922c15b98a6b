/**
 * /step1, the profile-completion wizard (spec 1 §2, §4 Wizard, §5): 'Étape n sur 3' with
 * Précédent / Suivant and 'Terminer' on the last step. Suivant opens only when the step is
 * complete, Terminer only when all three are. Runs inside the signed-in area; a member whose
 * profile is already complete goes to /home.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { useProfile, type OwnProfile } from '../../api/useProfile';
import { logout } from '../../api/useAccount';
import { toast } from '../../ui/toast';
import { FormMessage, type Notice } from '../../ui/FormMessage';
import { PhotoStep } from './PhotoStep';
import { AboutStep } from './AboutStep';
import { IdentityStep } from './IdentityStep';
import { useGeoLocality } from './useGeoLocality';
import { useCompleteProfile } from './useCompleteProfile';
import {
  initialWizardData,
  STEP_COUNT,
  stepComplete,
  type CroppedPhoto,
  type Step,
  type WizardData,
} from './wizardState';
import { WIZARD_TEXT } from './texts';
import './wizard.css';

const STEP_TITLES: Record<Step, [string, string]> = {
  1: [WIZARD_TEXT.photoTitle, WIZARD_TEXT.photoIntro],
  2: [WIZARD_TEXT.aboutTitle, WIZARD_TEXT.aboutIntro],
  3: [WIZARD_TEXT.identityTitle, WIZARD_TEXT.identityIntro],
};

function isProfileComplete(profile: OwnProfile): boolean {
  if ('profile_complete' in profile && typeof profile.profile_complete === 'boolean') {
    return profile.profile_complete;
  }
  return !!(profile.name && profile.photo && profile.age && profile.locality);
}

export default function WizardPage() {
  const profile = useProfile();
  const geo = useGeoLocality();
  const [step, setStep] = useState<Step>(1);
  const [data, setData] = useState<WizardData>(initialWizardData);
  const [notice, setNotice] = useState<Notice | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { submit, busy } = useCompleteProfile((errorStep) => setStep(errorStep));

  // Each step is a new screen: start it at the top, and let screen readers hear its title.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  if (profile.data && isProfileComplete(profile.data)) return <Navigate to="/home" replace />;

  const locality = data.locality ?? geo.data ?? '';
  const done = ([1, 2, 3] as const).map((s) => stepComplete(s, data, locality));
  const current = done[step - 1] ?? false;
  const [title, intro] = STEP_TITLES[step];

  const patch = (p: Partial<WizardData>) => {
    setNotice(null);
    setData((d) => ({ ...d, ...p }));
  };
  const setPhoto = (photo: CroppedPhoto | null) => {
    if (data.photo && data.photo !== photo) URL.revokeObjectURL(data.photo.url);
    patch({ photo });
  };

  async function handleFinish() {
    if (!done.every(Boolean))
      return setNotice({ kind: 'error', text: WIZARD_TEXT.stepsIncomplete });
    const error = await submit(data, locality);
    if (error) setNotice({ kind: 'error', text: error });
  }

  return (
    <div className="wizard">
      <header className="wizard-head">
        <div className="wizard-top">
          <h1 ref={heading} tabIndex={-1} className="wizard-step">
            {WIZARD_TEXT.stepOf(step, STEP_COUNT)}
          </h1>
          <LogoutButton />
        </div>
        <div className="wizard-progress" aria-hidden>
          {done.map((_, i) => (
            <span key={i} className={i < step ? 'on' : undefined} />
          ))}
        </div>
        <h2>{title}</h2>
        <p className="muted">{intro}</p>
      </header>

      <div className="wizard-body">
        {step === 1 && <PhotoStep photo={data.photo} onPhoto={setPhoto} />}
        {step === 2 && (
          <AboutStep
            data={data}
            locality={locality}
            locating={geo.isPending}
            locateFailed={geo.isError || (geo.isSuccess && !geo.data)}
            onChange={patch}
          />
        )}
        {step === 3 && <IdentityStep data={data} onChange={patch} />}
      </div>

      <div className="wizard-nav">
        <FormMessage notice={notice} />
        <div className="wizard-nav-row">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={step === 1 || busy}
            onClick={() => setStep((s) => (s > 1 ? ((s - 1) as Step) : s))}
          >
            {WIZARD_TEXT.previous}
          </button>
          {step < STEP_COUNT ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!current}
              onClick={() => setStep((s) => (s < STEP_COUNT ? ((s + 1) as Step) : s))}
            >
              {WIZARD_TEXT.next}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!done.every(Boolean) || busy}
              onClick={() => void handleFinish()}
            >
              {busy ? WIZARD_TEXT.finishBusy : WIZARD_TEXT.finish}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** A member stuck in the wizard can still leave (POST /logout revokes the token). */
function LogoutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function handleLogout() {
    setBusy(true);
    await logout(); // ends this browser's Web Push subscription too
    queryClient.clear();
    toast.success(WIZARD_TEXT.logoutDone);
    navigate('/login', { replace: true });
  }
  return (
    <button
      type="button"
      className="btn-link wizard-logout"
      disabled={busy}
      onClick={() => void handleLogout()}
    >
      {WIZARD_TEXT.logout}
    </button>
  );
}
