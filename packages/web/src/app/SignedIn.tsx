/** The signed-in part of the app, loaded lazily: data cache, route guard, then the layout. */
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../queryClient';
import { RequireAuth } from '../components/RequireAuth';
import { BareLayout, ShellLayout } from './ShellLayout';

export default function SignedIn({ layout }: { layout: 'shell' | 'bare' }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth>{layout === 'shell' ? <ShellLayout /> : <BareLayout />}</RequireAuth>
    </QueryClientProvider>
  );
}
