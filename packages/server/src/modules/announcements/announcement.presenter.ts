/**
 * Allowlists of what leaves the server about announcements: a feed item with its author's
 * public fields (never e-mail, birth date, coordinates or coins), and the member's own items.
 */
import {
  ANNOUNCEMENT_CATEGORY_IDS,
  ageOf,
  type TAnnouncementCategory,
  type TFeedAnnouncement,
  type TMyAnnouncement,
} from '@app/shared';
import { photoUrls } from '../../adapters/images/photos.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { FeedRow } from './feed.repository.js';
import type { OwnAnnouncementRow } from './announcement.repository.js';

const iso = (d: Date) => new Date(d).toISOString();

/** The column holds one of the categories or null; anything else reads as none. */
const categoryOf = (c: string | null): TAnnouncementCategory | null =>
  ANNOUNCEMENT_CATEGORY_IDS.find((id) => id === c) ?? null;

export function presentFeedAnnouncement(
  storage: Storage,
  row: FeedRow,
  now: Date,
  views = row.views,
): TFeedAnnouncement {
  const photos = row.author_photo_key ? photoUrls(storage, row.author_photo_key) : null;
  return {
    id: row.id,
    description: row.description,
    category: row.category,
    views,
    created_at: iso(row.created_at),
    user: {
      id: row.author_id,
      name: row.author_name,
      age: ageOf(row.author_birth_date, now),
      gender: row.author_gender,
      locality: row.author_locality,
      photo: photos?.card ?? null,
      photo_thumb: photos?.thumb ?? null,
      verified: row.author_verified,
    },
  };
}

export function presentOwnAnnouncement(row: OwnAnnouncementRow): TMyAnnouncement {
  const created = iso(row.created_at);
  return {
    id: row.id,
    description: row.description,
    category: categoryOf(row.category),
    createdAt: created,
    created_at: created,
    is_active: row.is_active,
    views: row.views,
  };
}
