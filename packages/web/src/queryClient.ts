import { QueryClient } from '@tanstack/react-query';

// Mobile data is costly: no refetch on every focus; retry once on a flaky network.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 10_000 } },
});
