/**
 * What the account module needs of stories, inside its own transaction: erasing an author's
 * traces and exporting their stories.
 */
import type { Database } from '../../db/kysely.js';
import * as repo from './story.repository.js';

/** A deleted account's stories go; its likes are withdrawn (counts follow), its views forgotten. */
export const forgetStoryAuthor = (db: Database, userId: number) =>
  repo.forgetStoryAuthor(db, userId);

/** The member's own stories, for their data export. */
export const findStoriesOfAuthor = (db: Database, userId: number) =>
  repo.findStoriesOfAuthor(db, userId);
