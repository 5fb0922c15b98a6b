/**
 * /blocked-members ('Membres bloqués', ours): the members one blocked, latest first, each with
 * photo, name, the day of the block and 'Débloquer' (after a confirmation; the row leaves at
 * once and comes back if the server refuses). More rows load on scrolling, or with 'Voir plus'.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Avatar } from '../../ui/Avatar';
import { Sheet, SheetActions, useClosing } from '../../ui/Sheet';
import type { TBlockedMember } from './blockedList';
import { SAFETY_TEXT as T } from './texts';
import { useBlockedMembers, useUnblockMember } from './useBlockedMembers';
import './safety.css';

const blockedDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function dayOf(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : blockedDay.format(new Date(t));
}

const nameOf = (m: TBlockedMember) => m.name ?? T.member;

function MemberRow({
  member,
  onUnblock,
}: {
  member: TBlockedMember;
  onUnblock: (m: TBlockedMember) => void;
}) {
  const name = nameOf(member);
  const day = dayOf(member.blocked_at);
  return (
    <li className="bm-row" data-testid="blocked-member">
      <Avatar name={name} photo={member.photo} size={48} />
      <div className="bm-text">
        <strong>{name}</strong>
        {day && (
          <time className="muted" dateTime={member.blocked_at}>
            {T.blockedOn(day)}
          </time>
        )}
      </div>
      <button
        type="button"
        className="btn btn-ghost bm-unblock"
        aria-label={T.unblockOf(name)}
        onClick={() => onUnblock(member)}
      >
        {T.unblock}
      </button>
    </li>
  );
}

function ConfirmUnblock({
  member,
  onConfirm,
  onClosed,
}: {
  member: TBlockedMember;
  onConfirm: () => void;
  onClosed: () => void;
}) {
  const { closing, close } = useClosing(onClosed);
  const title = T.confirmTitle(nameOf(member));
  return (
    <Sheet label={title} closing={closing} onClose={close}>
      <h2 className="chat-sheet-title">{title}</h2>
      <p className="muted chat-sheet-detail">{T.confirmDetail}</p>
      <SheetActions
        action={T.unblock}
        tone="primary"
        onAction={() => {
          onConfirm();
          close();
        }}
        onCancel={close}
      />
    </Sheet>
  );
}

function ListSkeleton() {
  return (
    <ul className="bm-list" aria-hidden>
      {[0, 1, 2].map((i) => (
        <li key={i} className="bm-row">
          <span className="chat-sk bm-sk-avatar" />
          <span className="bm-text">
            <span className="chat-sk bm-sk-line" />
            <span className="chat-sk bm-sk-line short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function BlockedMembersPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = useBlockedMembers();
  const unblock = useUnblockMember();
  const [asking, setAsking] = useState<TBlockedMember | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const members = list.data?.pages.flatMap((p) => p.items) ?? [];

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined')
      return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Opened directly (no history in the app): back leads to the account menu.
  const goBack = () => (location.key === 'default' ? navigate('/profile') : navigate(-1));

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && members.length === 0) {
    body = (
      <ErrorPanel
        message={list.error.message}
        onRetry={() => void list.refetch()}
        showBack={false}
      />
    );
  } else if (members.length === 0) {
    body = (
      <div className="chats-empty">
        <div className="chats-empty-icon" aria-hidden>
          <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor">
            <circle cx="12" cy="12" r="9" strokeWidth="2" />
            <path d="M5.6 5.6l12.8 12.8" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
        <h2>{T.emptyTitle}</h2>
        <p className="muted">{T.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="bm-lead muted">{T.lead}</p>
        <ul className="bm-list">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} onUnblock={setAsking} />
          ))}
        </ul>
        <div ref={sentinel} />
        {hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost btn-block bm-more"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? T.loadingMore : T.more}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="bm-page">
      <header className="bm-header">
        <button type="button" className="icon-btn" aria-label={T.back} onClick={goBack}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
            <path fill="currentColor" d="M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          </svg>
        </button>
        <h1>{T.title}</h1>
        <span className="bm-header-spacer" />
      </header>
      <div className="bm-body">{body}</div>
      {asking && (
        <ConfirmUnblock
          member={asking}
          onConfirm={() => unblock.mutate(asking)}
          onClosed={() => setAsking(null)}
        />
      )}
    </section>
  );
}
