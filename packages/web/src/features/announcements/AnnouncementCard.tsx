/**
 * One announcement of the feed (spec 1 "Home feed"): photo (tap to zoom), name, age, gender
 * badge, locality, the description cut at 120 characters with 'Voir plus' / 'Voir moins', and
 * 'Envoyer un message'. The photo has its size set, so nothing moves when it arrives.
 */
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import { MapPin, Mars, Venus } from 'lucide-react';
import { memo, useState } from 'react';
import type { TFeedAnnouncement } from '@app/shared';
import { cutDescription, isFemale } from './format';
import { MessageButton } from './MessageButton';
import { MemberSafety } from '../../components/MemberSafety';
import { lazyPart } from '../../ui/lazyPart';
import { Photo } from '../../ui/Photo';

// Opened by a tap: the feed's first load does not carry it.
type ZoomProps = Parameters<typeof import('../../ui/PhotoZoom').PhotoZoom>[0];
const PhotoZoom = lazyPart<ZoomProps>(
  () => import('../../ui/PhotoZoom').then((m) => ({ default: m.PhotoZoom })),
  { dismiss: (p) => p.onClose },
);
import { ANN_TEXT } from './texts';

const THUMB_PX = 72;

export const AnnouncementCard = memo(function AnnouncementCard({
  item,
}: {
  item: TFeedAnnouncement;
}) {
  const [expanded, setExpanded] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const { user } = item;
  const name = user.name ?? ANN_TEXT.someone;
  const female = isFemale(user.gender);
  const short = cutDescription(item.description);
  const thumb = user.photo_thumb ?? user.photo;

  return (
    <article className="ann-card">
      <header className="ann-card-head">
        <button
          type="button"
          className="ann-photo"
          aria-label={ANN_TEXT.zoomPhoto(name)}
          disabled={!user.photo}
          onClick={() => setZoomed(true)}
        >
          {thumb ? (
            <Photo src={thumb} width={THUMB_PX} height={THUMB_PX} loading="lazy" decoding="async" />
          ) : (
            <span aria-hidden>{name.charAt(0)}</span>
          )}
        </button>
        <div className="ann-who">
          <h2 className="ann-name">
            {name}
            {user.age !== null && <span className="ann-age">, {ANN_TEXT.years(user.age)}</span>}
            {user.verified && <VerifiedBadge />}
          </h2>
          <span className={female ? 'ann-gender ann-gender-f' : 'ann-gender ann-gender-m'}>
            {female ? <Venus /> : <Mars />} {female ? ANN_TEXT.female : ANN_TEXT.male}
          </span>
          {user.locality && (
            <p className="ann-place">
              <MapPin /> {user.locality}
            </p>
          )}
        </div>
      </header>
      <p className="ann-text">{expanded || !short.isCut ? item.description : short.text}</p>
      {short.isCut && (
        <button
          type="button"
          className="btn-link ann-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? ANN_TEXT.seeLess : ANN_TEXT.seeMore}
        </button>
      )}
      <MessageButton authorId={user.id} />
      <MemberSafety userId={user.id} source="announcement" announcementId={item.id} />
      {zoomed && user.photo && (
        <PhotoZoom src={user.photo} name={name} onClose={() => setZoomed(false)} />
      )}
    </article>
  );
});
