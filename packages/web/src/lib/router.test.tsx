import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import {
  go,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
} from './router';

function Where() {
  const { pathname, search, state, key } = useLocation();
  const params = useParams();
  return (
    <p data-testid="where">
      {JSON.stringify({ pathname, search, state, fresh: key === 'default', params })}
    </p>
  );
}

const where = () =>
  JSON.parse(screen.getByTestId('where').textContent ?? '{}') as {
    pathname: string;
    search: string;
    state: unknown;
    fresh: boolean;
    params: Record<string, string>;
  };

function Layout() {
  return (
    <div>
      <nav>
        <NavLink to="/admin" end className="tab">
          Tableau
        </NavLink>
        <NavLink to="/admin/membres" className="tab">
          Membres
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

function Admin() {
  return (
    <Routes>
      <Route index element={<p>Accueil console</p>} />
      <Route path="membres" element={<Where />} />
      <Route path="membres/:id" element={<Where />} />
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

function App() {
  return (
    <Routes>
      <Route path="/login" element={<p>Connexion</p>} />
      <Route element={<Layout />}>
        <Route path="/chat/:id" element={<Where />} />
        <Route path="/admin/*" element={<Admin />} />
      </Route>
      <Route path="*" element={<Navigate to="/login" replace state={{ from: 'ailleurs' }} />} />
    </Routes>
  );
}

const start = (path: string) => {
  history.replaceState(null, '', path);
  return render(<App />);
};

describe('router', () => {
  it('draws a layout around the matched screen and reads its params', () => {
    start('/chat/42');
    expect(where()).toMatchObject({ pathname: '/chat/42', params: { id: '42' }, fresh: true });
    expect(screen.getByRole('link', { name: 'Membres' })).not.toHaveAttribute('aria-current');
  });

  it('matches nested routes under a /* route, index and wildcard included', async () => {
    start('/admin');
    expect(screen.getByText('Accueil console')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Membres' }));
    expect(where()).toMatchObject({ pathname: '/admin/membres', fresh: false });
    const members = screen.getByRole('link', { name: 'Membres' });
    expect(members).toHaveClass('tab', 'active');
    expect(screen.getByRole('link', { name: 'Tableau' })).not.toHaveClass('active');

    act(() => go('/admin/membres/7'));
    expect(where().params).toMatchObject({ id: '7' });
    // NavLink without `end` stays active below its address.
    expect(screen.getByRole('link', { name: 'Membres' })).toHaveAttribute('aria-current', 'page');

    act(() => go('/admin/nimporte'));
    expect(await screen.findByText('Accueil console')).toBeInTheDocument();
    expect(location.pathname).toBe('/admin');
  });

  it('redirects with state, and keeps state and a key per entry through the history', async () => {
    start('/inconnue');
    expect(await screen.findByText('Connexion')).toBeInTheDocument();
    expect(location.pathname).toBe('/login');
    expect((history.state as { usr: unknown }).usr).toEqual({ from: 'ailleurs' });

    act(() => go('/chat/1', { state: { email: 'a@b.bf' } }));
    expect(where()).toMatchObject({ state: { email: 'a@b.bf' }, fresh: false });
    act(() => go('/chat/2'));
    expect(where()).toMatchObject({ params: { id: '2' }, state: null });
  });

  it('leaves a click with a modifier to the browser', async () => {
    history.replaceState(null, '', '/chat/3');
    render(
      <>
        <Link to="/chat/4">Suivant</Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Suivant' });
    expect(link).toHaveAttribute('href', '/chat/4');
    // fireEvent answers false when the app kept the click for itself.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(where().pathname).toBe('/chat/3');
    expect(fireEvent.click(link)).toBe(false);
    expect(where().pathname).toBe('/chat/4');
  });

  it('reads and replaces search params', async () => {
    history.replaceState(null, '', '/chat/5?payment_id=9');
    function Params() {
      const [params, setParams] = useSearchParams();
      return (
        <button onClick={() => setParams({}, { replace: true })}>
          {params.get('payment_id') ?? 'aucun'}
        </button>
      );
    }
    render(<Params />);
    const length = history.length;
    await userEvent.click(screen.getByRole('button', { name: '9' }));
    expect(screen.getByRole('button', { name: 'aucun' })).toBeInTheDocument();
    expect(location.search).toBe('');
    expect(history.length).toBe(length);
  });

  it('renders a fixed address at build time, where there is no location', () => {
    const html = renderToString(
      <StaticRouter path="/chat/8?x=1">
        <App />
      </StaticRouter>,
    );
    expect(html).toContain('&quot;pathname&quot;:&quot;/chat/8&quot;');
    expect(html).toContain('&quot;search&quot;:&quot;?x=1&quot;');
  });
});
