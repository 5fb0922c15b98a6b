/**
 * The member's data as one JSON file ('Télécharger mes données'): their account, what they
 * published, sent, gave and received, in the shape stored, without anyone else's details.
 */
import { ACCOUNT_MSG } from '@app/shared';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { photoUrls } from '../../adapters/images/photos.js';
import { findTicketsOfUser, presentTicket } from '../support/index.js';
import { findStoriesOfAuthor } from '../stories/index.js';
import {
  EXPORT_MAX_ROWS,
  findExportAccount,
  findExportLists,
  findOptionalExportLists,
} from './export.repository.js';

/** Exports per member and hour: a brake on a heavy read, far above real use. */
const EXPORT_LIMIT = { max: 10, windowS: 3600 } as const;

export async function exportAccountData(
  deps: Pick<Deps, 'db' | 'limiter' | 'storage'>,
  userId: number,
  now: Date,
) {
  await deps.limiter.hit({ key: `export:user:${userId}`, ...EXPORT_LIMIT });
  const account = await findExportAccount(deps.db, userId);
  if (!account) throw notFound(ACCOUNT_MSG.deleted);
  const { photo_key: photoKey, ...fields } = account;
  const [lists, optional, tickets, stories] = await Promise.all([
    findExportLists(deps.db, userId),
    findOptionalExportLists(deps.db, userId),
    findTicketsOfUser(deps.db, userId, EXPORT_MAX_ROWS, 0),
    findStoriesOfAuthor(deps.db, userId),
  ]);
  return {
    exported_at: now.toISOString(),
    account: {
      ...fields,
      photos: typeof photoKey === 'string' ? photoUrls(deps.storage, photoKey) : null,
    },
    ...lists,
    ...optional,
    support_tickets: tickets.map(presentTicket),
    stories,
  };
}

export const exportFileName = (now: Date) =>
  `rencontre-mes-donnees-${now.toISOString().slice(0, 10)}.json`;
