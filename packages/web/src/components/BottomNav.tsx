/** Five tabs (spec 1 §2); Chats is active on any path beginning /chat. */
import { Link, useLocation } from 'react-router';

const TABS = [
  { to: '/home', label: 'Accueil', icon: '🏠', match: (p: string) => p === '/home' },
  { to: '/swipes', label: 'Swipes', icon: '🔥', match: (p: string) => p === '/swipes' },
  { to: '/chats', label: 'Chats', icon: '💬', match: (p: string) => p.startsWith('/chat') },
  {
    to: '/histoires',
    label: 'Histoires',
    icon: '📖',
    match: (p: string) => p.startsWith('/histoires'),
  },
  { to: '/near', label: 'À proximité', icon: '📍', match: (p: string) => p === '/near' },
] as const;

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Navigation principale">
      {TABS.map((t) => {
        const active = t.match(pathname);
        return (
          <Link
            key={t.to}
            to={t.to}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            <span aria-hidden className="tab-icon">
              {t.icon}
            </span>
            <span className="tab-label">{t.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
