/** The entries of the account menu (spec 2 "Account menu"), links first, then the actions. */
import { Link } from 'react-router';
import { ACCOUNT_TEXT } from './texts';

const LINKS = [
  { to: '/edit-profile', icon: '✏️', label: ACCOUNT_TEXT.entries.editProfile },
  { to: '/my-announcements', icon: '📢', label: ACCOUNT_TEXT.entries.myAnnouncements },
  { to: '/buying', icon: '🧾', label: ACCOUNT_TEXT.entries.purchases },
  { to: '/support', icon: '🛟', label: ACCOUNT_TEXT.entries.support },
  { to: '/policies', icon: '📜', label: ACCOUNT_TEXT.entries.policies },
] as const;

export function MenuEntries({
  anonymous,
  leaving,
  onInvite,
  onAnonymous,
  onDelete,
  onLogout,
}: {
  anonymous: boolean;
  leaving: boolean;
  onInvite: () => void;
  onAnonymous: () => void;
  onDelete: () => void;
  onLogout: () => void;
}) {
  return (
    <nav className="account-menu" aria-label={ACCOUNT_TEXT.menuTitle}>
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="account-entry">
              <span aria-hidden className="account-entry-icon">
                {l.icon}
              </span>
              <span className="account-entry-label">{l.label}</span>
              <span aria-hidden className="account-entry-chevron">
                ›
              </span>
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="account-entry" onClick={onInvite}>
            <span aria-hidden className="account-entry-icon">
              🎁
            </span>
            <span className="account-entry-label">{ACCOUNT_TEXT.entries.invite}</span>
            <span aria-hidden className="account-entry-chevron">
              ›
            </span>
          </button>
        </li>
        <li>
          <button type="button" className="account-entry" onClick={onAnonymous}>
            <span aria-hidden className="account-entry-icon">
              🕶️
            </span>
            <span className="account-entry-label">{ACCOUNT_TEXT.entries.anonymous}</span>
            <span className={anonymous ? 'account-state on' : 'account-state'}>
              {anonymous ? ACCOUNT_TEXT.on : ACCOUNT_TEXT.off}
            </span>
          </button>
        </li>
        <li>
          <button type="button" className="account-entry danger" onClick={onDelete}>
            <span aria-hidden className="account-entry-icon">
              🗑️
            </span>
            <span className="account-entry-label">{ACCOUNT_TEXT.entries.deleteAccount}</span>
          </button>
        </li>
        <li>
          <button type="button" className="account-entry" onClick={onLogout} disabled={leaving}>
            <span aria-hidden className="account-entry-icon">
              🚪
            </span>
            <span className="account-entry-label">
              {leaving ? ACCOUNT_TEXT.loggingOut : ACCOUNT_TEXT.entries.logout}
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
