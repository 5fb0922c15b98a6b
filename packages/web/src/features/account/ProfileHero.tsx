/** The member's round photo, name and e-mail at the top of the account menu. */
import type { OwnProfile } from '../../api/useProfile';
import { ACCOUNT_TEXT } from './texts';

export function ProfileHero({ profile }: { profile: OwnProfile }) {
  const name = profile.name ?? ACCOUNT_TEXT.noName;
  return (
    <div className="account-hero">
      {profile.photo ? (
        <img
          className="account-avatar"
          src={profile.photo}
          alt={ACCOUNT_TEXT.photoAlt}
          width={72}
          height={72}
          data-testid="account-photo"
        />
      ) : (
        <span className="account-avatar account-avatar-empty" aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="account-hero-text">
        <p className="account-name" data-testid="account-name">
          {name}
        </p>
        <p className="muted account-email">{profile.email}</p>
      </div>
    </div>
  );
}
