/** The plain list of nearby members: usable with no map tiles at all, and by screen readers. */
import { User } from 'lucide-react';
import { NEAR_MSG, type TNearbyUser } from '@app/shared';
import { ageLabel } from './labels';

export function NearbyList({
  users,
  onSelect,
}: {
  users: readonly TNearbyUser[];
  onSelect: (u: TNearbyUser) => void;
}) {
  return (
    <section className="near-list" aria-labelledby="near-list-title">
      <h2 id="near-list-title">{NEAR_MSG.listTitle}</h2>
      <ul>
        {users.map((u) => (
          <li key={u.id}>
            <button type="button" className="near-row" onClick={() => onSelect(u)}>
              {u.photo_thumb ? (
                <img
                  src={u.photo_thumb}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="near-row-none" aria-hidden>
                  <User />
                </span>
              )}
              <span className="near-row-text">
                <strong>{ageLabel(u)}</strong>
                <span className="muted">
                  {u.distance === null ? NEAR_MSG.town(u.locality) : NEAR_MSG.distance(u.distance)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
