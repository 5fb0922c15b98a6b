-- Announcements (spec 1 "Home feed", spec 2 "My announcements") and who has seen which.

CREATE TABLE announcements (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  description  text NOT NULL CHECK (char_length(description) BETWEEN 50 AND 1000),
  -- One of ANNOUNCEMENT_CATEGORY_IDS (packages/shared), or none.
  category     text,
  views        integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  -- false while held (moderation) or once deleted; only active ones are in the feed.
  is_active    boolean NOT NULL DEFAULT true,
  -- Soft delete: the row stays, so "first announcement free" cannot be had twice.
  deleted_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- The feed, newest first: this partial index walked in its order, LIMIT per page.
CREATE INDEX announcements_feed_idx ON announcements (created_at DESC, id DESC)
  WHERE is_active AND deleted_at IS NULL;
-- The feed filtered by category.
CREATE INDEX announcements_feed_category_idx ON announcements (category, created_at DESC, id DESC)
  WHERE is_active AND deleted_at IS NULL;
-- A member's own list, and each author's announcements in the nearest-first search (which
-- walks users_geo_knn_idx, migration 006: see feed.repository.ts).
CREATE INDEX announcements_user_idx ON announcements (user_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- One row per (announcement, signed-in viewer): a view counts once per member.
CREATE TABLE announcement_views (
  announcement_id  bigint NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  viewer_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (announcement_id, viewer_id)
);
CREATE INDEX announcement_views_viewer_idx ON announcement_views (viewer_id);
