/**
 * The account (issue 9): settings and anonymous mode, profile editing (POST /profile/update),
 * sign-out, the data export and account deletion. Answers are typed from @app/shared.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call, callData, upload } from './call';
import type { OwnProfile } from './useProfile';
import { clearSession, getToken, memberDataForgotten } from '../auth/session';
import { unsubscribePush } from '../lib/notifications/pushSubscription';
import { memberChanged } from './memberChanged';

const accountSettingsKey = ['account-settings'] as const;

export function useAccountSettings() {
  return useQuery({
    queryKey: accountSettingsKey,
    enabled: !!getToken(),
    staleTime: 60_000,
    queryFn: ({ signal }) => callData('account.settings', {}, { signal }),
  });
}

/** Switches anonymous mode on the server; the cached settings follow the answer. */
export function useSetAnonymous() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => {
      const res = await call('account.anonymous', { enabled });
      if (!res.success || !res.data) throw new ApiError(firstError(res) || MSG.requestError, res);
      return { settings: res.data, message: res.message };
    },
    onSuccess: ({ settings }) => qc.setQueryData(accountSettingsKey, settings),
  });
}

export interface ProfileUpdate {
  name: string;
  bio: string;
  locality: string;
  /** Catalogue keys, sent as a JSON list (the whole choice: [] empties it). */
  passions: readonly string[];
  /** The cropped JPEG, sent as photo.jpg (spec 2 §3). */
  photo: Blob | null;
}

/** POST /profile/update (multipart); on success the cached profile is the server's answer. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (update: ProfileUpdate): Promise<ApiResult<OwnProfile>> => {
      const form = new FormData();
      form.set('name', update.name);
      form.set('bio', update.bio);
      form.set('locality', update.locality);
      form.set('passions', JSON.stringify(update.passions));
      if (update.photo) form.set('photo', update.photo, 'photo.jpg');
      return upload('profile.update', form);
    },
    onSuccess: (res) => {
      if (!res.success || !res.data) return;
      void memberChanged(qc, { profile: res.data });
      localStorage.setItem('user', JSON.stringify(res.data));
    },
  });
}

/** Signing out never waits longer than this for the push subscription to end. */
export const LOGOUT_PUSH_WAIT_MS = 3_000;

/**
 * Ends this browser's push subscription first (while the token still lets the server drop it),
 * so the next member on this browser never gets this one's pushes; then the session on the
 * server, then here, whatever the server said (spec 2 'Déconnexion'). A failed or slow push
 * unsubscription never holds the sign-out.
 */
export async function logout() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_PUSH_WAIT_MS);
  });
  await Promise.race([unsubscribePush().catch(() => undefined), giveUp]);
  clearTimeout(timer);
  await call('auth.logout', {}).catch(() => undefined);
  clearSession();
  // The next member on this phone finds nothing of this one's (kept screens, outbox bytes).
  await memberDataForgotten();
}

export const requestDeletionCode = () => call('account.deletionCode', {});

export const deleteAccount = (proof: { password: string } | { code: string }) =>
  call('account.delete', proof);

/** The export as a file the browser saves (GET /account/export answers the document). */
export async function downloadAccountData(): Promise<ApiResult<unknown>> {
  const res = await call('account.export', {});
  if (!res.success) return res;
  // The file is the document alone: the answer's `success` is not the member's data.
  const { success: _success, httpStatus: _status, message: _message, error: _error, ...data } = res;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `rencontre-mes-donnees-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return res;
}
