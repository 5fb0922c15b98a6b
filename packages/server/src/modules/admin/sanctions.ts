/**
 * The console's one sanction pipeline, used by the member pages, the reports queue and the
 * « Arnaques » queue: who acts (actor), on whom (target), what is done (measure), the audit
 * row (action, reason, data) and what the decision closes (a report, a scam review), all in
 * one transaction (a block announces itself there: every copy signs the member out); then, once
 * it commits, the member is told, and the media of evidence forgotten by the closing are deleted.
 */
import type { Deps } from '../../deps.js';
import type { Database } from '../../db/kysely.js';
import { removeMessageMedia } from '../chats/index.js';
import type { ForgottenOriginal } from './evidence.repository.js';
import { setBlocked, setUnblocked } from './members.repository.js';
import { assertCanActOn, assertCanSanction, audit } from './staff.js';

/**
 * The staff member acting: id and role (a sanction on staff needs an admin; nobody decides
 * their own case, no moderator acts on an admin).
 */
export interface Actor {
  id: number;
  role: string;
}

/** What happens to the member: nothing more than the record, a warning, a block, its end. */
export type Measure =
  { kind: 'none' } | { kind: 'warn'; message: string } | { kind: 'block' } | { kind: 'unblock' };

export interface Sanction {
  actor: Actor;
  /** The member the decision is about; `blocked_at` set: an existing block is kept as it is. */
  target: { id: number; role: string; blocked_at?: Date | string | null };
  measure: Measure;
  /** The audit row: its action name, reason and details. */
  action: string;
  reason: string;
  data?: Record<string, unknown>;
  /** The record the audit row is about; the member by default. */
  about?: { type: 'user' | 'report'; id: number };
  /** What the decision closes in its transaction; answers the evidence originals it forgot. */
  close?: (trx: Database) => Promise<ForgottenOriginal[]>;
}

type SanctionDeps = Pick<Deps, 'db' | 'notify' | 'storage'>;

export async function applySanction(deps: SanctionDeps, s: Sanction) {
  const { measure, target } = s;
  assertCanActOn(s.actor, target);
  if (measure.kind === 'block' || measure.kind === 'unblock') assertCanSanction(s.actor, target);
  const about = s.about ?? { type: 'user', id: target.id };
  const forgotten = await deps.db.transaction().execute(async (trx) => {
    const gone = (await s.close?.(trx)) ?? [];
    if (measure.kind === 'block' && !target.blocked_at) await setBlocked(trx, target.id, s.reason);
    if (measure.kind === 'unblock') await setUnblocked(trx, target.id);
    await audit(trx, {
      actorId: s.actor.id,
      action: s.action,
      targetType: about.type,
      targetId: about.id,
      reason: s.reason,
      ...(s.data ? { data: s.data } : {}),
    });
    return gone;
  });
  if (measure.kind === 'warn') {
    await deps.notify(target.id, 'moderation_warning', { message: measure.message });
  }
  // A kept original of a deleted message held its media file until now.
  for (const o of forgotten) {
    if (o.change === 'deleted' && o.file_key) await removeMessageMedia(deps, o);
  }
}
