/** Five tabs (spec 1 §2); Chats is active on any path beginning /chat. */
import { Link, useLocation } from '../lib/router';
import { BookOpen, Flame, House, MapPin, MessageCircle } from 'lucide-react';

const TABS = [
  { to: '/home', label: 'Accueil', icon: House, match: (p: string) => p === '/home' },
  { to: '/swipes', label: 'Swipes', icon: Flame, match: (p: string) => p === '/swipes' },
  {
    to: '/chats',
    label: 'Chats',
    icon: MessageCircle,
    match: (p: string) => p.startsWith('/chat'),
  },
  {
    to: '/histoires',
    label: 'Histoires',
    icon: BookOpen,
    match: (p: string) => p.startsWith('/histoires'),
  },
  { to: '/near', label: 'À proximité', icon: MapPin, match: (p: string) => p === '/near' },
] as const;

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    // The shell's skip link leads here (tabIndex -1: focusable by the link, not in the tab order).
    <nav id="main-nav" className="bottom-nav" aria-label="Navigation principale" tabIndex={-1}>
      {TABS.map((t) => {
        const active = t.match(pathname);
        return (
          <Link
            key={t.to}
            to={t.to}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            <t.icon className="tab-icon" />
            <span className="tab-label">{t.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
