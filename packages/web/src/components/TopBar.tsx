/** Logo, coin balance (→ /buy-coins), profile (→ /profile), notification bell with badge. */
import { Link } from 'react-router';
import { badgeText } from './badge';

export function TopBar({
  coins,
  unread,
  onBell,
}: {
  coins: number | null;
  unread: number;
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
        <button className="icon-btn bell" aria-label="Notifications" onClick={onBell}>
          🔔
          {badge && (
            <span className="badge" data-testid="bell-badge">
              {badge}
            </span>
          )}
        </button>
      </div>
    </header>
  );
}
