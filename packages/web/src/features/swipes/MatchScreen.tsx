/**
 * The match screen: both photos, 'Envoyer un message' to the pair's chat, 'Continuer'. The photos
 * are those already on the phone: the member's own small one (the top bar's), the other's card as
 * the deck showed it (its lite version on mobile data).
 */
import { useNavigate } from '../../lib/router';
import { User } from 'lucide-react';
import { SWIPE_MSG } from '@app/shared';
import { Dialog } from '../../ui/Dialog';
import { LitePhoto } from '../../ui/LitePhoto';
import type { MatchInfo } from './useSwipeAction';
import { useStartChat } from '../../lib/useStartChat';
import { MemberSafety } from '../../components/MemberSafety';

export function MatchScreen({
  match,
  myPhoto,
  onClose,
}: {
  match: MatchInfo;
  myPhoto: string | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const chat = useStartChat();
  const { profile, chatId } = match;
  const handleMessage = () => (chatId ? navigate(`/chat/${chatId}`) : void chat.start(profile.id));

  return (
    <Dialog
      backdropClassName="match-screen"
      className={false}
      labelledBy="match-title"
      closeOnBackdrop={false}
      onClose={onClose}
    >
      <h2 id="match-title" className="match-title">
        {SWIPE_MSG.matchTitle}
      </h2>
      <div className="match-photos">
        {[
          { src: myPhoto, lite: null },
          { src: profile.photo, lite: profile.photo_lite },
        ].map(({ src, lite }, i) =>
          src ? (
            <LitePhoto
              key={i}
              src={src}
              lite={lite}
              width={120}
              height={120}
              className="match-photo"
            />
          ) : (
            <span key={i} className="match-photo match-photo-none" aria-hidden>
              <User />
            </span>
          ),
        )}
      </div>
      <p className="match-text">{SWIPE_MSG.matchText(profile.name)}</p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={chat.busy}
        onClick={handleMessage}
      >
        {SWIPE_MSG.matchMessage}
      </button>
      {chat.errorFor(profile.id) && (
        <p className="swipe-error" role="alert">
          {chat.errorFor(profile.id)}
        </p>
      )}
      <button type="button" className="btn btn-ghost btn-block match-continue" onClick={onClose}>
        {SWIPE_MSG.matchContinue}
      </button>
      <MemberSafety userId={profile.id} source="match" onBlocked={onClose} />
    </Dialog>
  );
}
