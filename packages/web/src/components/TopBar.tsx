/** Logo, coin balance (→ /buy-coins), profile (→ /profile), notification bell with badge. */
import { Link } from 'react-router';
import { badgeText } from './badge';
import { NOTIF_TEXT } from '../features/notifications/texts';

export function TopBar({
  coins,
  unread,
  panelOpen = false,
  onBell,
}: {
  coins: number | null;
  unread: number;
  panelOpen?: boolean;
  onBell: () => void;
}) {
  const badge = badgeText(unread);
  return (
    <header className="top-bar">
      <Link to="/home" className="logo" aria-label="Accueil">
        <span aria-hidden>❤</span> Rencontre
      </Link>
      <div className="top-actions">
        <Link to="/buy-coins" className="coin-btn" aria-label="Mes pièces">
          <span aria-hidden>🪙</span> {coins ?? '…'}
        </Link>
        <Link to="/profile" className="icon-btn" aria-label="Mon profil">
          👤
        </Link>
        <button
          type="button"
          className="icon-btn bell"
          aria-label={NOTIF_TEXT.bellLabel(unread)}
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onClick={onBell}
        >
          <span aria-hidden>🔔</span>
          {badge && (
            <span className="badge" data-testid="bell-badge" aria-hidden>
              {badge}
            </span>
          )}
        </button>
      </div>
    </header>
  );
}
