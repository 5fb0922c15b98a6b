/**
 * Logo, coin balance (→ /buy-coins), the member's own small photo (→ /profile, named by their
 * name for screen readers; a person icon until there is one), notification bell with badge.
 */
import { Link } from '../lib/router';
import { Bell, User } from 'lucide-react';
import { badgeText } from './badge';
import { BrandMark } from '../ui/BrandMark';
import { CoinIcon } from '../ui/CoinIcon';
import { SHELL_NOTIF_TEXT as NOTIF_TEXT } from '../lib/notifications/shellTexts';
import { useProfile, type OwnProfile } from '../api/useProfile';
import { Photo } from '../ui/Photo';

const PROFILE_LABEL = 'Mon profil';
// A name holds the words it shows (WCAG 2.5.3), so a voice command says what it sees.
const HOME_LABEL = 'Rencontre, accueil';
const COINS_LABEL = 'Mes pièces';

/** The smallest variant of the member's photo the profile answer carries. */
function avatarOf(profile: OwnProfile | undefined): string | null {
  if (!profile) return null;
  const photos: unknown = (profile as { photos?: unknown }).photos;
  if (photos && typeof photos === 'object' && 'thumb' in photos) {
    const thumb = photos.thumb;
    if (typeof thumb === 'string' && thumb) return thumb;
  }
  return profile.photo;
}

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
  const profile = useProfile().data;
  const avatar = avatarOf(profile);
  const name = profile?.name?.trim();
  return (
    <header className="top-bar">
      <Link to="/home" className="logo" aria-label={HOME_LABEL}>
        <BrandMark /> Rencontre
      </Link>
      <div className="top-actions">
        <Link to="/buy-coins" className="coin-btn" aria-label={`${COINS_LABEL} : ${coins ?? '…'}`}>
          <CoinIcon /> {coins ?? '…'}
        </Link>
        <Link
          to="/profile"
          className="icon-btn top-avatar"
          aria-label={name ? `${PROFILE_LABEL} : ${name}` : PROFILE_LABEL}
          data-testid="top-bar-profile"
        >
          {avatar ? (
            <Photo
              src={avatar}
              width={32}
              height={32}
              loading="lazy"
              decoding="async"
              style={{ width: 32, height: 32, borderRadius: '50%', objectFit: 'cover' }}
            />
          ) : (
            <User />
          )}
        </Link>
        <button
          type="button"
          className="icon-btn bell"
          aria-label={NOTIF_TEXT.bellLabel(unread)}
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onClick={onBell}
        >
          <Bell />
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
