/**
 * POST /complete-profile (spec 1 §3, §7): sends the wizard's answers; on success updates the
 * cached auth status and profile (so the guard does not send the member back to the wizard)
 * and goes to /home. A 401 clears the session and goes to /signup, as the spec asks.
 */
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { firstError } from '../../api/client';
import { completeProfile } from '../../api/memberCalls';
import type { OwnProfile } from '../../api/useProfile';
import type { AuthStatus } from '../../api/useAuthStatus';
import { clearSession } from '../../auth/session';
import { toast } from '../../ui/toast';
import { buildProfileForm, stepOfField, type Step, type WizardData } from './wizardState';
import { WIZARD_TEXT } from './texts';
import { memberChanged } from '../../api/memberChanged';

export function useCompleteProfile(onFieldError: (step: Step, message: string) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  function goHome(profile?: OwnProfile) {
    queryClient.setQueriesData<AuthStatus>({ queryKey: ['auth-status'] }, (old) =>
      old ? { ...old, action: 'redirect_home', profile_complete: true } : old,
    );
    void memberChanged(queryClient, { profile });
    if (profile) localStorage.setItem('user', JSON.stringify(profile));
    navigate('/home', { replace: true });
  }

  async function submit(data: WizardData, locality: string): Promise<string | null> {
    const form = buildProfileForm(data, locality);
    if (!form) return WIZARD_TEXT.stepsIncomplete;
    setBusy(true);
    const res = await completeProfile(form);
    if (res.success) {
      toast.success(res.message || WIZARD_TEXT.profileCompleted);
      goHome(res.data);
      return null;
    }
    setBusy(false);
    if (res.httpStatus === 401) {
      clearSession();
      toast.error(WIZARD_TEXT.sessionExpired);
      navigate('/signup', { replace: true });
      return null;
    }
    if (res.error === 'already_complete') {
      goHome();
      return null;
    }
    if (res.httpStatus === 0) return WIZARD_TEXT.serverConnection;
    const field = Object.keys(res.errors ?? {})[0];
    const message = firstError(res) || WIZARD_TEXT.generic;
    if (field) onFieldError(stepOfField(field), message);
    return message;
  }

  return { submit, busy };
}
