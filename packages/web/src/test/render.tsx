/**
 * Renders one screen as the member gets it: a fresh query cache, the page at `route`, the
 * toasts, and signed in (a session token in storage). Other routes show their path, so a test
 * can see where a button led.
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { go, Route, Routes, useLocation } from '../lib/router';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { Toasts } from '../ui/Toasts';

function Elsewhere() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}

export function renderScreen(route: string, path: string, screen: ReactElement) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'jeton-de-test');
  // The router reads the page's own history, as in the browser.
  go(route, { replace: true });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <Toasts />
    </QueryClientProvider>,
  );
}
