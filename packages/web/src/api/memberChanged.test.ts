/** memberChanged: the one way a change of the member reaches the profile every screen shows. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { memberChanged } from './memberChanged';
import { profileKey, type OwnProfile } from './useProfile';

const profile = (over: Partial<OwnProfile> = {}) =>
  ({ id: 7, name: 'Awa', coins: 10, gifted_signup: true, ...over }) as OwnProfile;

/** A client holding the member's profile; a fetch of it is counted. */
function client(start: OwnProfile) {
  const qc = new QueryClient();
  let fetches = 0;
  qc.setQueryDefaults(profileKey, {
    queryFn: () => {
      fetches += 1;
      return profile({ coins: 99 });
    },
  });
  qc.setQueryData(profileKey, start);
  return { qc, fetches: () => fetches };
}

describe('memberChanged', () => {
  it('shows the whole profile the server answered, without asking again', async () => {
    const { qc, fetches } = client(profile());
    await memberChanged(qc, { profile: profile({ coins: 42 }) });
    expect(qc.getQueryData<OwnProfile>(profileKey)?.coins).toBe(42);
    expect(fetches()).toBe(0);
  });

  it('shows known fields at once, then asks the server again', async () => {
    const { qc } = client(profile());
    const done = memberChanged(qc, { fields: (p) => ({ coins: p.coins - 5 }) });
    expect(qc.getQueryData<OwnProfile>(profileKey)?.coins).toBe(5);
    await done;
    expect(qc.getQueryCache().find({ queryKey: profileKey })?.state.isInvalidated).toBe(true);
  });

  it('leaves the profile as patched when the change is settled', async () => {
    const { qc } = client(profile());
    await memberChanged(qc, { fields: { gifted_signup: false }, settled: true });
    const query = qc.getQueryCache().find({ queryKey: profileKey });
    expect(query?.state.data).toMatchObject({ gifted_signup: false, coins: 10 });
    expect(query?.state.isInvalidated).toBe(false);
  });

  it('with no detail, marks the profile stale so that every screen asks again', async () => {
    const { qc } = client(profile());
    await memberChanged(qc);
    expect(qc.getQueryCache().find({ queryKey: profileKey })?.state.isInvalidated).toBe(true);
  });
});
