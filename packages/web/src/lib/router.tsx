/**
 * The app's router: the part of react-router's API the screens use (routes with nested layouts
 * and outlets, links, redirects, params, search params, history state and a key per entry),
 * built on wouter's browser-location hooks and regexparam's patterns: about 2 KB gzip where
 * react-router weighed 14 KB on every first load. Paths are absolute, except inside a route
 * ending in `/*` (the console), whose nested <Routes> match what follows it.
 *
 * Every navigation goes through `go`, which keeps the caller's state and a key of its own in
 * history.state: a screen opened from outside the app (a typed address, a notification) has the
 * key 'default', which is how back buttons know there is nothing to go back to.
 *
 * Prerendering (scripts/prerender.tsx) renders under <StaticRouter path>: the hooks then read
 * that path instead of `location`, which does not exist at build time.
 */
import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { parse } from 'regexparam';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

interface Entry {
  usr?: unknown;
  key?: string;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const StaticPath = createContext<string | null>(null);

/** Renders the app at a fixed address (build-time prerendering, tests of one path). */
export function StaticRouter({ path, children }: { path: string; children: ReactNode }) {
  return <StaticPath.Provider value={path}>{children}</StaticPath.Provider>;
}

/** Kept for the call sites' shape: the browser's own history is the router's state. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

/** Moves to `to` (an absolute address) or through the history (a number, like history.go). */
export function go(to: string | number, opts: NavigateOptions = {}) {
  if (typeof to === 'number') {
    history.go(to);
    return;
  }
  const entry: Entry = { usr: opts.state ?? null, key: newKey() };
  history[opts.replace ? 'replaceState' : 'pushState'](entry, '', to);
}

export function useNavigate() {
  return go;
}

const splitStatic = (path: string) => {
  const url = new URL(path, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

export function useLocation(): Location {
  const fixed = useContext(StaticPath);
  const server = fixed === null ? null : splitStatic(fixed);
  const pathname = useLocationProperty(
    () => location.pathname,
    () => server?.pathname ?? location.pathname,
  );
  const search = useLocationProperty(
    () => location.search,
    () => server?.search ?? location.search,
  );
  const hash = useLocationProperty(
    () => location.hash,
    () => server?.hash ?? location.hash,
  );
  const entry = useHistoryState() as Entry | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

type SetParams = (
  next: URLSearchParams | Record<string, string>,
  opts?: { replace?: boolean },
) => void;

export function useSearchParams(): [URLSearchParams, SetParams] {
  const { pathname, search, hash } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set: SetParams = (next, opts) => {
    const query = new URLSearchParams(next).toString();
    go(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: opts?.replace });
  };
  return [params, set];
}

// --- Routes ---------------------------------------------------------------------------------

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route; <Routes> reads these, they render nothing themselves. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Match {
  element: ReactNode;
  params: Record<string, string>;
  /** For a `/*` route: the address its nested <Routes> match under. */
  base: string | null;
}

const Outlet_ = createContext<ReactNode>(null);
const Params = createContext<Record<string, string>>({});
const Base = createContext('');

const join = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/** The chain of matching routes (layouts first, then the screen), or null. */
function matchRoutes(children: ReactNode, pathname: string, base: string): Match[] | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) continue;
    const { path, index, element, children: nested } = child.props;
    if (path === undefined && !index) {
      // A layout: matches when one of its routes does.
      const inner = matchRoutes(nested, pathname, base);
      if (inner) return [{ element, params: {}, base: null }, ...inner];
      continue;
    }
    const full = index ? base || '/' : join(base, path ?? '');
    const wild = full.endsWith('/*');
    const prefix = wild ? full.slice(0, -2) : full;
    if (wild && pathname.replace(/\/$/, '') === prefix) {
      return [{ element, params: {}, base: prefix }];
    }
    const { keys: names, pattern } = parse(full);
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      if (found[i + 1] !== undefined) params[name] = decodeURIComponent(found[i + 1] ?? '');
    });
    return [{ element, params, base: wild ? prefix : null }];
  }
  return null;
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const base = useContext(Base);
  const outer = useContext(Params);
  const chain = matchRoutes(children, pathname, base);
  if (!chain) return null;
  const params = Object.assign({}, outer, ...chain.map((m) => m.params)) as Record<string, string>;
  const screenBase = chain.at(-1)?.base ?? base;
  return (
    <Params.Provider value={params}>
      <Base.Provider value={screenBase}>
        {chain.reduceRight<ReactNode>(
          (inside, m) => (
            <Outlet_.Provider value={inside}>{m.element}</Outlet_.Provider>
          ),
          null,
        )}
      </Base.Provider>
    </Params.Provider>
  );
}

/** Where a layout route draws the route matched inside it. */
export function Outlet() {
  return <>{useContext(Outlet_)}</>;
}

export function useParams(): Record<string, string | undefined> {
  return useContext(Params);
}

/** Sends the member on at once (after the render, like any navigation). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useEffect(() => go(to, { replace, state }), [to, replace, state]);
  return null;
}

// --- Links ----------------------------------------------------------------------------------

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

/** A plain click stays in the app; a click with a modifier or a middle click opens a tab. */
function follows(e: MouseEvent<HTMLAnchorElement>, target?: string) {
  return (
    !e.defaultPrevented &&
    e.button === 0 &&
    !e.metaKey &&
    !e.ctrlKey &&
    !e.shiftKey &&
    !e.altKey &&
    (!target || target === '_self')
  );
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!follows(e, target)) return;
        e.preventDefault();
        go(to, { replace, state });
      }}
    />
  );
}

/** A link that knows it is the current page: class "active" and aria-current="page". */
export function NavLink({
  to,
  end,
  className,
  ...rest
}: LinkProps & { end?: boolean; className?: string }) {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/$/, '') || '/';
  const active = end ? here === to : here === to || here.startsWith(`${to}/`);
  return (
    <Link
      {...rest}
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
