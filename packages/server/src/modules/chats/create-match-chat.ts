/**
 * The chat of a matched pair: one row per pair (smaller id first), marked as a match and never
 * locked, even when a contact chat between them existed before; both members are participants.
 * Runs inside the caller's transaction; returns the chat id.
 */
import type { Database } from '../../db/kysely.js';
import { upsertMatchChat } from './chat.repository.js';

/** `firstLiker` liked first, so their participant row is inserted (and numbered) first. */
export function ensureMatchChat(
  trx: Database,
  firstLiker: number,
  secondLiker: number,
): Promise<number> {
  return upsertMatchChat(trx, firstLiker, secondLiker);
}
