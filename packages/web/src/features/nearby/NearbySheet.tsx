/**
 * The bottom sheet of a tapped member: zoomable photo, name, age, distance, 'Envoyer un message'.
 * Opening it tells the server the profile was viewed (POST /users/:id/view), which decides
 * whether the member hears of it (once a day, never from an anonymous viewer).
 */
import { User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NEAR_MSG, type TNearbyUser } from '@app/shared';
import { viewProfile } from '../../api/memberCalls';
import { PhotoZoom } from '../../ui/PhotoZoom';
import { useStartChat } from '../../lib/useStartChat';
import { Sheet } from '../../ui/Sheet';
import { ageLabel } from './labels';
import { useDataSaver } from '../../lib/dataSaver/dataSaver';
import { LitePhoto } from '../../ui/LitePhoto';
import { MemberSafety } from '../../components/MemberSafety';

export default function NearbySheet({ user, onClose }: { user: TNearbyUser; onClose: () => void }) {
  const [zoomed, setZoomed] = useState(false);
  const saver = useDataSaver();
  const chat = useStartChat();
  const error = chat.errorFor(user.id);

  useEffect(() => {
    // Best effort: a failed report changes nothing on screen.
    void viewProfile(user.id).catch(() => undefined);
  }, [user.id]);

  return (
    <>
      <Sheet look="page" labelledBy="near-sheet-name" className="near-sheet" onClose={onClose}>
        <button
          type="button"
          className="near-sheet-photo"
          onClick={() => user.photo && setZoomed(true)}
          aria-label={ageLabel(user)}
        >
          {user.photo ? (
            // Économie de données: the thumbnail here, the photo itself once tapped (zoom);
            // on mobile data, the lighter card.
            <LitePhoto
              src={saver ? (user.photo_thumb ?? user.photo) : user.photo}
              lite={saver ? null : user.photo_lite}
              width={480}
              height={640}
            />
          ) : (
            <User />
          )}
        </button>
        <h2 id="near-sheet-name">{ageLabel(user)}</h2>
        <p className="near-sheet-distance">
          {user.distance === null ? NEAR_MSG.town(user.locality) : NEAR_MSG.distance(user.distance)}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={chat.busy}
          onClick={() => void chat.start(user.id)}
        >
          {NEAR_MSG.message}
        </button>
        {error && (
          <p className="swipe-error" role="alert">
            {error}
          </p>
        )}
        <MemberSafety userId={user.id} source="nearby" onBlocked={onClose} />
      </Sheet>
      {zoomed && user.photo && (
        <PhotoZoom src={user.photo} name={user.name} onClose={() => setZoomed(false)} />
      )}
    </>
  );
}
