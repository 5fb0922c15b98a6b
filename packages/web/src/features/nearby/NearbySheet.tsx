/** The bottom sheet of a tapped member: zoomable photo, name, age, distance, 'Envoyer un message'. */
import { useState } from 'react';
import { NEAR_MSG, type TNearbyUser } from '@app/shared';
import { useDialog } from '../notifications/useDialog';
import { PhotoZoom } from '../announcements/PhotoZoom';
import { useStartChat } from '../swipes/useStartChat';
import { ageLabel } from './labels';

export function NearbySheet({ user, onClose }: { user: TNearbyUser; onClose: () => void }) {
  const [zoomed, setZoomed] = useState(false);
  const chat = useStartChat();
  const sheet = useDialog<HTMLElement>(() => (zoomed ? setZoomed(false) : onClose()));
  const error = chat.errorFor(user.id);

  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <section
        ref={sheet}
        className="sheet near-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="near-sheet-name"
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <button type="button" className="near-sheet-photo" onClick={() => user.photo && setZoomed(true)} aria-label={ageLabel(user)}>
          {user.photo ? <img src={user.photo} alt="" width={480} height={640} /> : <span aria-hidden>👤</span>}
        </button>
        <h2 id="near-sheet-name">{ageLabel(user)}</h2>
        <p className="near-sheet-distance">{NEAR_MSG.distance(user.distance)}</p>
        <button type="button" className="btn btn-primary btn-block" disabled={chat.busy} onClick={() => void chat.start(user.id)}>
          {NEAR_MSG.message}
        </button>
        {error && (
          <p className="swipe-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {zoomed && user.photo && <PhotoZoom src={user.photo} name={user.name} onClose={() => setZoomed(false)} />}
    </div>
  );
}
