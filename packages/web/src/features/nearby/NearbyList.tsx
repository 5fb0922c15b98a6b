/**
 * The plain list of nearby members: usable with no map tiles at all, and by screen readers.
 * Each row's « ⋯ » offers « Bloquer » and « Signaler » (issue 29), as the member's sheet does.
 */
import { User } from 'lucide-react';
import { NEAR_MSG, type TNearbyUser } from '@app/shared';
import { ageLabel } from './labels';
// The badge's look only: its markup is written here, so the map's first load carries no
// component for it (the screen is at its JavaScript budget).
import '../../ui/verifiedBadge.css';
import { Photo } from '../../ui/Photo';

const NEAR_VERIFIED = 'Profil vérifié';
const NEAR_SAFETY = (name: string) => `Bloquer ou signaler ${name}`;

export function NearbyList({
  users,
  onSelect,
  onSafety,
}: {
  users: readonly TNearbyUser[];
  onSelect: (u: TNearbyUser) => void;
  onSafety: (u: TNearbyUser) => void;
}) {
  return (
    <section className="near-list" aria-labelledby="near-list-title">
      <h2 id="near-list-title">{NEAR_MSG.listTitle}</h2>
      <ul>
        {users.map((u) => (
          <li key={u.id}>
            <button type="button" className="near-row" onClick={() => onSelect(u)}>
              {u.photo_thumb ? (
                <Photo src={u.photo_thumb} width={48} height={48} loading="lazy" decoding="async" />
              ) : (
                <span className="near-row-none" aria-hidden>
                  <User />
                </span>
              )}
              <span className="near-row-text">
                <strong>
                  {ageLabel(u)}
                  {u.verified && (
                    <span className="verified-badge" role="img" aria-label={NEAR_VERIFIED} />
                  )}
                </strong>
                <span className="muted">
                  {u.distance === null ? NEAR_MSG.town(u.locality) : NEAR_MSG.distance(u.distance)}
                </span>
              </span>
            </button>
            <button
              type="button"
              className="near-row-more"
              aria-label={NEAR_SAFETY(ageLabel(u))}
              onClick={() => onSafety(u)}
            >
              ⋯
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
