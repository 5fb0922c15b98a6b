/**
 * /my-announcements, 'Mes annonces' (spec 2): back to /profile, + to /add-announcement;
 * skeletons, error with retry, empty state; each card with its French date, description and a
 * delete button opening the confirmation dialog; the green banners (deletion, and the message
 * passed by /add-announcement, after which the navigation state is cleared) and, on deletion,
 * the success toast too.
 */
import { Eye, Megaphone, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import type { TMyAnnouncement } from '@app/shared';
import { useDeleteAnnouncement, useMyAnnouncements } from '../../api/useAnnouncements';
import { ApiError } from '../../api/client';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { showToast } from '../../ui/toast';
import { DeleteDialog } from './DeleteDialog';
import { PageHeader } from './PageHeader';
import { ListSkeleton } from './Skeletons';
import { SuccessBanner } from './SuccessBanner';
import { frenchDate } from './format';
import { useNearBottom } from './useNearBottom';
import { useTimedBanner } from './useTimedBanner';
import { ANN_TEXT } from './texts';
import './announcements.css';

const NETWORK_TOAST_MS = 4_000;

function messageFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  return typeof state.message === 'string' ? state.message : null;
}

function MyAnnouncementCard({ item, onDelete }: { item: TMyAnnouncement; onDelete: () => void }) {
  return (
    <article className="ann-card ann-own">
      <div className="ann-own-head">
        <time dateTime={item.created_at}>{frenchDate(item.created_at)}</time>
        <button
          type="button"
          className="ann-icon-btn ann-delete"
          aria-label={ANN_TEXT.deleteLabel}
          onClick={onDelete}
        >
          <Trash2 />
        </button>
      </div>
      <p className="ann-text">{item.description}</p>
      <p className="ann-own-meta muted">
        <Eye /> {ANN_TEXT.views(item.views)}
      </p>
    </article>
  );
}

export default function MyAnnouncementsPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const list = useMyAnnouncements();
  const remove = useDeleteAnnouncement();
  const [target, setTarget] = useState<TMyAnnouncement | null>(null);
  const clearState = useCallback(
    () => navigate('/my-announcements', { replace: true, state: null }),
    [navigate],
  );
  const passed = useTimedBanner(clearState);
  const deleted = useTimedBanner();

  const passedMessage = messageFromState(state);
  const { show: showPassed } = passed;
  useEffect(() => {
    if (passedMessage) showPassed(passedMessage);
  }, [passedMessage, showPassed]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const canLoadMore = !!list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  useNearBottom(() => void list.fetchNextPage(), canLoadMore, items.length);

  const handleDelete = (item: TMyAnnouncement) => {
    remove.mutate(item.id, {
      onSuccess: (res) => {
        setTarget(null);
        const message = res.message || ANN_TEXT.deleted;
        // Spec 2: the green banner for 5 s, and the success toast (3 s, its kind's length).
        deleted.show(message);
        showToast('success', message);
      },
      onError: (err) => {
        const network = err instanceof ApiError && err.result.httpStatus === 0;
        if (network) showToast('error', ANN_TEXT.deleteNetworkError, NETWORK_TOAST_MS);
        else showToast('error', err.message || ANN_TEXT.deleteError);
      },
    });
  };

  const addButton = (
    <Link to="/add-announcement" className="ann-icon-btn ann-add" aria-label={ANN_TEXT.add}>
      <span aria-hidden>+</span>
    </Link>
  );

  return (
    <div className="ann-screen">
      <PageHeader title={ANN_TEXT.myTitle} backTo="/profile" action={addButton} />
      <div className="page ann-page">
        {passed.text && (
          <SuccessBanner
            text={passed.text}
            onDismiss={() => {
              passed.dismiss();
              clearState();
            }}
          />
        )}
        {deleted.text && <SuccessBanner text={deleted.text} onDismiss={deleted.dismiss} />}
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !list.data ? (
          <ErrorPanel
            message={list.error.message || ANN_TEXT.myError}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <div className="ann-empty">
            <div className="ann-empty-icon" aria-hidden>
              <Megaphone />
            </div>
            <h2>{ANN_TEXT.emptyTitle}</h2>
            <p className="muted">{ANN_TEXT.emptyText}</p>
            <Link to="/add-announcement" className="btn btn-primary">
              {ANN_TEXT.emptyButton}
            </Link>
          </div>
        ) : (
          <div className="ann-list">
            {items.map((a) => (
              <MyAnnouncementCard key={a.id} item={a} onDelete={() => setTarget(a)} />
            ))}
            {list.isFetchingNextPage && <div className="spinner ann-spinner" aria-hidden />}
          </div>
        )}
      </div>
      {target && (
        <DeleteDialog
          description={target.description}
          busy={remove.isPending}
          onCancel={() => setTarget(null)}
          onConfirm={() => handleDelete(target)}
        />
      )}
    </div>
  );
}
