/**
 * Histoires: the held stories (oldest first, as the server sorts the pending queue) with why
 * each was held; approve (it goes to /histoires) or reject, each with a reason.
 */
import { useAdminStories, type TAdminStory } from '../../api/useAdminLists';
import { ActionButtons } from './ActionButtons';
import type { ActionSpec } from './ActionDialog';
import { Badge, MemberLink } from './parts';
import { QueueSection } from './QueueSection';
import { formatDateTime } from './format';
import { adminActions } from '../../api/adminActions';
import { action } from './specs';
import { ADMIN_TEXT } from './texts';
import { STORY_STATUS_LABELS } from './labels';

export default function StoriesSection() {
  return (
    <QueueSection
      title={ADMIN_TEXT.stories}
      useList={useAdminStories}
      statuses={STORY_STATUS_LABELS}
      initial="pending"
      empty={ADMIN_TEXT.storiesEmpty}
      render={(s, onAction) => <StoryCard story={s} onAction={onAction} />}
    />
  );
}

const storyActions = (s: TAdminStory) =>
  s.status !== 'pending'
    ? []
    : [
        action(
          ADMIN_TEXT.approve,
          (v) => adminActions.stories.approve({ id: s.id, reason: v.reason ?? '' }),
          {
            tone: 'btn-primary',
            title: ADMIN_TEXT.approveTitle,
            text: ADMIN_TEXT.approveText,
          },
        ),
        action(
          ADMIN_TEXT.reject,
          (v) => adminActions.stories.reject({ id: s.id, reason: v.reason ?? '' }),
          {
            tone: 'adm-btn-danger-ghost',
            title: ADMIN_TEXT.rejectTitle,
            text: ADMIN_TEXT.rejectText,
            danger: true,
          },
        ),
      ];

function StoryCard({
  story,
  onAction,
}: {
  story: TAdminStory;
  onAction: (spec: ActionSpec) => void;
}) {
  return (
    <li className="adm-card card" data-testid="admin-story">
      <div className="adm-card-head">
        <span className="muted">#{story.id}</span>
        {story.held_reason_label && (
          <Badge tone="warn">
            {ADMIN_TEXT.heldBecause} {story.held_reason_label}
          </Badge>
        )}
        {story.status !== 'pending' && <Badge>{STORY_STATUS_LABELS[story.status]}</Badge>}
      </div>
      <p className="adm-quote">{story.content}</p>
      <p className="muted adm-meta">
        {ADMIN_TEXT.author} : <MemberLink id={story.author_id} name={story.author_name} /> ·{' '}
        {formatDateTime(story.created_at)}
      </p>
      <ActionButtons actions={storyActions(story)} onAction={onAction} />
    </li>
  );
}
