/** The one allowlist of a story's fields (spec 2 §3). The author is not among them, ever. */
import type { TStory } from '@app/shared';
import type { StoryRow } from './story.repository.js';

export const presentStory = (s: StoryRow): TStory => ({
  id: s.id,
  content: s.content,
  created_at: new Date(s.created_at).toISOString(),
  views: s.views,
  likes: s.likes,
  liked: s.liked,
});
