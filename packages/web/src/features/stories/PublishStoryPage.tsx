/**
 * /histoires/publier (spec 2 "Publish a story"): the anonymity notice, one textarea, 'Publier'
 * ('Publication...' while busy). Empty text is not sent. Success says 'Histoire publiée !' or,
 * when held for moderation, that it awaits validation; either way back to /histoires.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { ArrowLeft, Lock } from 'lucide-react';
import {
  STORY_MAX_LENGTH,
  capChars,
  countChars,
  storyContentError,
  storyHoldReason,
} from '@app/shared';
import { firstError } from '../../api/client';
import { usePublishStory } from '../../api/useStories';
import { toast } from '../../ui/toast';
import { STORY_TEXT } from './texts';
import './stories.css';

export default function PublishStoryPage() {
  const navigate = useNavigate();
  const publish = usePublishStory();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const text = content.trim();
  const held = text.length > 0 && storyHoldReason(text) !== null;

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!text || publish.isPending) return;
    const invalid = storyContentError(text);
    if (invalid) return setError(invalid);
    setError(null);
    const res = await publish.mutateAsync(text);
    if (res.success) {
      const pending = res.data?.status === 'pending';
      if (pending) toast.info(STORY_TEXT.pending);
      else toast.success(STORY_TEXT.published);
      navigate('/histoires');
      return;
    }
    const message =
      res.httpStatus === 0 ? STORY_TEXT.network : firstError(res) || STORY_TEXT.publishError;
    setError(message);
    toast.error(message);
  }

  return (
    <form className="publish-story" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <header className="account-header">
        <button
          type="button"
          className="icon-btn"
          aria-label={STORY_TEXT.back}
          onClick={() => navigate('/histoires')}
        >
          <ArrowLeft />
        </button>
        <h1>{STORY_TEXT.publishTitle}</h1>
        <span className="account-header-spacer" />
      </header>
      <p className="publish-notice">
        <Lock /> {STORY_TEXT.notice}
      </p>
      <div className="field">
        <label htmlFor="story-content" className="visually-hidden">
          {STORY_TEXT.label}
        </label>
        <textarea
          id="story-content"
          rows={10}
          value={content}
          placeholder={STORY_TEXT.placeholder}
          onChange={(e) => setContent(capChars(e.target.value, STORY_MAX_LENGTH))}
          aria-invalid={!!error}
        />
        <span className="field-count">
          {STORY_TEXT.counter(countChars(content), STORY_MAX_LENGTH)}
        </span>
        {held && <p className="field-hint publish-held">{STORY_TEXT.heldHint}</p>}
        <div role="alert" className="field-error-slot">
          {error && <p className="field-error">{error}</p>}
        </div>
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={!text || publish.isPending}
      >
        {publish.isPending ? STORY_TEXT.publishing : STORY_TEXT.publish}
      </button>
    </form>
  );
}
