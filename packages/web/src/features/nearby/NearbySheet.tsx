/**
 * The bottom sheet of a tapped member: zoomable photo, every photo of the profile as thumbnails
 * to pick from (issue 28), name, age, the badge, distance, 'Envoyer un message'.
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
import { UI_TEXT } from '../../ui/texts';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import { useMemberPhotos } from '../../api/usePhotos';
import { MemberSafety } from '../../components/MemberSafety';

export default function NearbySheet({ user, onClose }: { user: TNearbyUser; onClose: () => void }) {
  const [zoomed, setZoomed] = useState(false);
  const saver = useDataSaver();
  const gallery = useMemberPhotos(user.id).data?.photos ?? [];
  const [picked, setPicked] = useState(0);
  const chosen = gallery[picked];
  const photo = chosen
    ? { card: chosen.card, lite: chosen.lite, thumb: chosen.thumb }
    : user.photo
      ? { card: user.photo, lite: user.photo_lite, thumb: user.photo_thumb }
      : null;
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
          onClick={() => photo && setZoomed(true)}
          aria-label={ageLabel(user)}
        >
          {photo ? (
            // Économie de données: the thumbnail here, the photo itself once tapped (zoom);
            // on mobile data, the lighter card.
            <LitePhoto
              key={photo.card}
              src={saver ? (photo.thumb ?? photo.card) : photo.card}
              lite={saver ? null : photo.lite}
              width={480}
              height={640}
            />
          ) : (
            <User />
          )}
        </button>
        {gallery.length > 1 && (
          <div className="near-sheet-thumbs" data-testid="near-sheet-photos">
            {gallery.map((p, i) => (
              <button
                key={p.thumb}
                type="button"
                aria-pressed={i === picked}
                aria-label={UI_TEXT.photoStep(i + 1, gallery.length)}
                onClick={() => setPicked(i)}
              >
                <img src={p.thumb} alt="" width={56} height={56} loading="lazy" />
              </button>
            ))}
          </div>
        )}
        <h2 id="near-sheet-name">
          {ageLabel(user)}
          {user.verified && <VerifiedBadge label />}
        </h2>
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
      {zoomed && photo && (
        <PhotoZoom
          src={chosen?.full ?? photo.card}
          name={user.name}
          onClose={() => setZoomed(false)}
        />
      )}
    </>
  );
}
