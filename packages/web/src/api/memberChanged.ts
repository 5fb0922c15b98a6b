/**
 * `memberChanged(qc, change)`: the one way a change of the signed-in member (balance, flags,
 * the whole profile) reaches the screens that show them (top bar, account, coins, wizard…).
 * A call or an event that changes the member says so here, instead of each place touching the
 * profile's cache on its own. With the whole profile in hand it is shown as is; otherwise the
 * fields known to have changed are shown at once and the server is asked again (unless
 * `settled`: the caller asks later itself, e.g. after its own call has landed).
 */
import type { QueryClient } from '@tanstack/react-query';
import { profileKey, type OwnProfile } from './useProfile';

export interface MemberChange {
  /** The whole profile as the server answered it. */
  profile?: OwnProfile;
  /** Fields known to have changed (a new balance, a flag turned off), from the current ones. */
  fields?: Partial<OwnProfile> | ((current: OwnProfile) => Partial<OwnProfile>);
  /** The fields are the whole change for now: the server is not asked again. */
  settled?: boolean;
}

export function memberChanged(qc: QueryClient, change: MemberChange = {}): Promise<void> {
  if (change.profile) {
    qc.setQueryData<OwnProfile>(profileKey, change.profile);
    return Promise.resolve();
  }
  const { fields } = change;
  if (fields) {
    qc.setQueryData<OwnProfile>(profileKey, (p) =>
      p ? { ...p, ...(typeof fields === 'function' ? fields(p) : fields) } : p,
    );
  }
  return change.settled ? Promise.resolve() : qc.invalidateQueries({ queryKey: profileKey });
}
