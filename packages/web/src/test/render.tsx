/**
 * Renders one screen as the member gets it: a fresh query cache, the router at `path`, the
 * toasts, and signed in (a session token in storage). Other routes show their path, so a test
 * can see where a button led.
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { Toasts } from '../ui/Toasts';

function Elsewhere() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}

export function renderScreen(route: string, path: string, screen: ReactElement) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'jeton-de-test');
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
      <Toasts />
    </QueryClientProvider>,
  );
}
