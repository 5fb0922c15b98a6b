/**
 * The full-card profile (spec 1 "Swipes"): photo, name and age, locality and distance, the bio
 * cut at 100 characters with 'Voir plus' / 'Voir moins', passion chips; dragged left or right
 * it swipes, and a like shows the heart for 1 s. A tap on the photo's left or right half steps
 * through the member's other photos (their light variants only), with dots saying where it is.
 */
import { useState } from 'react';
import { Heart, MapPin, User, X } from 'lucide-react';
import { SWIPE_MSG, type TSwipeAction, type TSwipeProfile } from '@app/shared';
import { SaverPhoto } from '../../ui/SaverPhoto';
import { UI_TEXT } from '../../ui/texts';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import { cutBio } from './deck';
import { PassionChips } from './PassionChips';
import { useCardDrag } from './useCardDrag';
import { MemberSafety } from '../../components/MemberSafety';

export function SwipeCard({
  profile,
  heart,
  disabled,
  onSwipe,
  onBlocked,
}: {
  profile: TSwipeProfile;
  heart: boolean;
  disabled: boolean;
  onSwipe: (action: TSwipeAction) => void;
  onBlocked?: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const [shown, setShown] = useState(0);
  const photos = profile.photo
    ? [
        { src: profile.photo, lite: profile.photo_lite, thumb: profile.photo_thumb },
        ...profile.more_photos.map((p) => ({ src: p.lite, lite: null, thumb: p.thumb })),
      ]
    : [];
  const step = (side: 'prev' | 'next', target: EventTarget) => {
    if (target instanceof Element && target.closest('.swipe-info')) return;
    setShown((i) => Math.min(photos.length - 1, Math.max(0, i + (side === 'next' ? 1 : -1))));
  };
  const { dx, handlers } = useCardDrag(onSwipe, disabled, photos.length > 1 ? step : undefined);
  const photo = photos[Math.min(shown, photos.length - 1)];
  const bio = cutBio(profile.bio, expanded);
  const title = profile.age === null ? profile.name : `${profile.name}, ${profile.age}`;
  const place = [
    profile.locality,
    profile.distance === null ? null : `${profile.distance} km`,
  ].filter(Boolean);
  const tilt = dx === 0 ? undefined : { transform: `translateX(${dx}px) rotate(${dx / 18}deg)` };
  const stamp = dx > 30 ? 'like' : dx < -30 ? 'nope' : null;

  return (
    <article
      className={dx === 0 ? 'swipe-card' : 'swipe-card dragging'}
      style={tilt}
      aria-label={title}
      data-testid="swipe-card"
      {...handlers}
    >
      {photo ? (
        <SaverPhoto
          key={photo.src}
          className="swipe-photo"
          src={photo.src}
          lite={photo.lite}
          thumb={photo.thumb}
          width={480}
          height={640}
          draggable={false}
        />
      ) : (
        <div className="swipe-photo swipe-photo-none" aria-hidden>
          <User />
        </div>
      )}
      {photos.length > 1 && (
        <div
          className="swipe-dots"
          role="img"
          aria-label={UI_TEXT.photoStep(shown + 1, photos.length)}
          data-testid="swipe-dots"
          data-shown={shown}
        >
          {photos.map((p, i) => (
            <span key={p.src} className={i === shown ? 'swipe-dot on' : 'swipe-dot'} />
          ))}
        </div>
      )}
      {stamp && (
        <span className={`swipe-stamp swipe-stamp-${stamp}`} aria-hidden>
          {stamp === 'like' ? <Heart fill="currentColor" /> : <X />}
        </span>
      )}
      {heart && (
        <span className="swipe-heart" aria-hidden>
          <Heart fill="currentColor" />
        </span>
      )}
      <div className="swipe-info">
        <h2 className="swipe-name">
          {title}
          {profile.verified && <VerifiedBadge />}
        </h2>
        {place.length > 0 && (
          <p className="swipe-place">
            <MapPin /> {place.join(' · ')}
          </p>
        )}
        {bio.text && (
          <p className="swipe-bio">
            {bio.text}{' '}
            {bio.isCut && (
              <button type="button" className="swipe-more" onClick={() => setExpanded((v) => !v)}>
                {expanded ? SWIPE_MSG.seeLess : SWIPE_MSG.seeMore}
              </button>
            )}
          </p>
        )}
        <PassionChips passions={profile.passions} />
        <MemberSafety userId={profile.id} source="swipe" onBlocked={onBlocked} />
      </div>
    </article>
  );
}
