/**
 * The signed-in part of the app, loaded lazily: data cache, route guard, then the layout. The
 * screens kept on the device are put back into the cache before the guard draws (at most a
 * moment: api/persistedCache), so a member offline reads them at once; from then on the cache is
 * kept there, and the screens refetch by themselves when the server answers again.
 */
import { use } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../queryClient';
import { RequireAuth } from '../components/RequireAuth';
import { keepPersisting, restorePersistedCache } from '../api/persistedCache';
import { recoverWhenServerAnswers } from '../api/serverReach';
import { fetchAuthStatus } from '../api/useAuthStatus';
import { BareLayout, ShellLayout } from './ShellLayout';
import { SignedInScreensContext } from '../lib/signedInScreen';
import { SIGNED_IN_SCREENS } from './signedInScreens';

const restored = restorePersistedCache(queryClient).then(() => {
  keepPersisting(queryClient);
  recoverWhenServerAnswers(queryClient, fetchAuthStatus);
});

export default function SignedIn({ layout }: { layout: 'shell' | 'bare' }) {
  use(restored);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInScreensContext value={SIGNED_IN_SCREENS}>
        <RequireAuth>{layout === 'shell' ? <ShellLayout /> : <BareLayout />}</RequireAuth>
      </SignedInScreensContext>
    </QueryClientProvider>
  );
}
