/**
 * The member's data as one JSON file ('Télécharger mes données'): their account, what they
 * published, sent, gave and received, in the shape stored, without anyone else's details.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MSG } from '@app/shared';
import { notFound } from '../../errors.js';
import { photoUrlsOf } from '../profiles/photos.js';
import { findTicketsOfUser } from '../support/support.repository.js';
import { presentTicket } from '../support/support.presenter.js';
import { findStoriesOfAuthor } from '../stories/story.repository.js';
import {
  EXPORT_MAX_ROWS,
  findExportAccount,
  findExportLists,
  findOptionalExportLists,
} from './export.repository.js';

/** Exports per member and hour: a brake on a heavy read, far above real use. */
const EXPORT_LIMIT = { max: 10, windowS: 3600 } as const;

export async function exportAccountData(app: FastifyInstance, userId: number, now: Date) {
  await app.limiter.hit({ key: `export:user:${userId}`, ...EXPORT_LIMIT });
  const account = await findExportAccount(app.db, userId);
  if (!account) throw notFound(ACCOUNT_MSG.deleted);
  const { photo_key: photoKey, ...fields } = account;
  const [lists, optional, tickets, stories] = await Promise.all([
    findExportLists(app.db, userId),
    findOptionalExportLists(app.db, userId),
    findTicketsOfUser(app.db, userId, EXPORT_MAX_ROWS, 0),
    findStoriesOfAuthor(app.db, userId),
  ]);
  return {
    exported_at: now.toISOString(),
    account: {
      ...fields,
      photos: photoUrlsOf(app, typeof photoKey === 'string' ? photoKey : null),
    },
    ...lists,
    ...optional,
    support_tickets: tickets.map(presentTicket),
    stories,
  };
}

export const exportFileName = (now: Date) =>
  `rencontre-mes-donnees-${now.toISOString().slice(0, 10)}.json`;
