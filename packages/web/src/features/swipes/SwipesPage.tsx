/**
 * /swipes (spec 1 "Swipes"): one full card at a time with dislike, message and like buttons;
 * the states of spec 1 §2: loading skeleton, 'Chargement de nouveaux profils...', 'Erreur de
 * chargement' with a retry, 'Plus de profils disponibles'; a match opens the match screen.
 */
import { SWIPE_MSG } from '@app/shared';
import { Heart, MessageCircle, SearchX, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useProfile } from '../../api/useProfile';
import { MatchScreen } from './MatchScreen';
import { SwipeCard } from './SwipeCard';
import { useStartChat } from '../../lib/useStartChat';
import { useSwipeDeck } from './useSwipeDeck';
import { VERIFIED_ONLY_LABEL, saveVerifiedOnly, useVerifiedOnly } from '../../lib/verifiedOnly';
import type { ReactNode } from 'react';
import './swipes.css';

function SwipeState({
  icon: Icon,
  title,
  text,
  onRetry,
}: {
  icon: LucideIcon;
  title: string;
  text?: string | null;
  onRetry?: () => void;
}) {
  return (
    <div className="swipe-state" role="status">
      <div className="swipe-state-icon" aria-hidden>
        <Icon />
      </div>
      <h2>{title}</h2>
      {text && <p className="muted">{text}</p>}
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {SWIPE_MSG.retry}
        </button>
      )}
    </div>
  );
}

function DeckBody({ deck }: { deck: ReturnType<typeof useSwipeDeck> }) {
  if (deck.current) {
    return (
      <SwipeCard
        key={deck.current.id}
        profile={deck.current}
        heart={deck.heart}
        disabled={deck.busy}
        onSwipe={deck.swipe}
        onBlocked={deck.dropCurrent}
      />
    );
  }
  if (!deck.loadedOnce) {
    return (
      <div className="swipe-card swipe-skeleton" aria-busy="true" aria-label="Chargement">
        <div className="skeleton-line wide" />
        <div className="skeleton-line" />
      </div>
    );
  }
  if (deck.failed)
    return (
      <SwipeState
        icon={TriangleAlert}
        title={SWIPE_MSG.loadError}
        text={deck.error}
        onRetry={deck.retry}
      />
    );
  if (deck.exhausted) {
    return (
      <SwipeState
        icon={SearchX}
        title={SWIPE_MSG.emptyTitle}
        text={SWIPE_MSG.emptyText}
        onRetry={deck.retry}
      />
    );
  }
  return (
    <div className="swipe-state" role="status">
      <div className="spinner" aria-hidden />
      <p className="muted">{SWIPE_MSG.loadingMore}</p>
    </div>
  );
}

/** The deck starts over when « Profils vérifiés uniquement » changes. */
export default function SwipesPage() {
  const verifiedOnly = useVerifiedOnly();
  const filter = (
    <label className="swipe-filter">
      <input
        type="checkbox"
        checked={verifiedOnly}
        onChange={(e) => saveVerifiedOnly(e.target.checked)}
      />
      {VERIFIED_ONLY_LABEL}
    </label>
  );
  return <SwipesDeck key={verifiedOnly ? 'verified' : 'all'} filter={filter} />;
}

function SwipesDeck({ filter }: { filter: ReactNode }) {
  const deck = useSwipeDeck();
  const chat = useStartChat();
  const me = useProfile();
  const current = deck.current;
  const disabled = !current || deck.busy;
  const actions = [
    { kind: 'no', label: SWIPE_MSG.dislike, icon: X, onClick: () => void deck.swipe('dislike') },
    {
      kind: 'msg',
      label: SWIPE_MSG.message,
      icon: MessageCircle,
      onClick: () => void chat.start(current?.id),
    },
    { kind: 'like', label: SWIPE_MSG.like, icon: Heart, onClick: () => void deck.swipe('like') },
  ];

  return (
    <section className="swipes" aria-label="Swipes">
      {filter}
      <div className="swipe-stage">
        <DeckBody deck={deck} />
      </div>
      <div className="swipe-actions">
        {actions.map((a) => (
          <button
            key={a.kind}
            type="button"
            className={`swipe-btn swipe-btn-${a.kind}`}
            aria-label={a.label}
            disabled={disabled || (a.kind === 'msg' && chat.busy)}
            onClick={a.onClick}
          >
            <a.icon />
          </button>
        ))}
      </div>
      {chat.errorFor(current?.id) && (
        <p className="swipe-error" role="alert">
          {chat.errorFor(current?.id)}
        </p>
      )}
      {deck.match && (
        <MatchScreen
          match={deck.match}
          myPhoto={me.data?.photos?.thumb ?? me.data?.photo ?? null}
          onClose={deck.closeMatch}
        />
      )}
    </section>
  );
}
