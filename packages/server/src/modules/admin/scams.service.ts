/**
 * The « Arnaques » queue and its decisions (scam shield). Staff see the member's flagged
 * messages only, one member at a time, and each reading is audited; warn, block and release go
 * through the sanction pipeline (sanctions.ts): the review closed (its kept originals forgotten)
 * and the audit row in one transaction.
 */
import type { TAdminFlaggedMessage, TAdminScamMember } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoOf } from '../chats/index.js';
import { devicesOf } from './members.repository.js';
import { presentMemberDevices } from './members.presenter.js';
import { applySanction, type Actor, type Measure } from './sanctions.js';
import { forgetReviewOriginals } from './evidence.repository.js';
import * as repo from './scams.repository.js';
import { evidenceText } from './evidence.presenter.js';
import { audit, iso, isoOrNull, pageOf, paginate } from './staff.js';

const NOT_FOUND = 'Membre introuvable';

export async function listFlaggedMembers(
  deps: Pick<Deps, 'db' | 'storage'>,
  status: 'held' | 'flagged',
  page: number | undefined,
) {
  const p = pageOf(page, 20);
  const rows = await repo.findFlaggedMembers(deps.db, status, p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  const devices = await Promise.all(data.map((r) => devicesOf(deps.db, r.id)));
  return {
    data: data.map((r, i): TAdminScamMember => ({
      id: r.id,
      name: r.name,
      email: r.email,
      photo: photoOf(deps, r.photo_key, 'card'),
      created_at: iso(r.created_at),
      blocked: !!r.blocked_at,
      held_at: isoOrNull(r.chat_hold_at),
      flagged_chats_24h: Number(r.flagged_chats_24h ?? 0),
      flagged_chats: Number(r.flagged_chats ?? 0),
      flagged_messages: Number(r.flagged_messages ?? 0),
      last_flagged_at: iso(r.last_flagged_at ?? r.chat_hold_at ?? r.created_at),
      devices: presentMemberDevices(devices[i] ?? []),
    })),
    pagination,
  };
}

async function memberOr404(deps: Pick<Deps, 'db'>, id: number) {
  const m = await repo.findMemberForReview(deps.db, id);
  if (!m) throw new AppError('not_found', NOT_FOUND, { status: 404 });
  return m;
}

/** A page of the member's flagged messages; the reading is written to the audit log. */
export async function readFlaggedMessages(
  deps: Pick<Deps, 'db'>,
  me: Actor,
  id: number,
  page: number | undefined,
) {
  await memberOr404(deps, id);
  const p = pageOf(page, 20);
  const rows = await repo.findFlaggedMessages(deps.db, id, p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  await audit(deps.db, {
    actorId: me.id,
    action: 'scam.messages_view',
    targetType: 'user',
    targetId: id,
    reason: 'Lecture des messages signalés par le bouclier anti-arnaque',
    data: { page: p.page, messages: data.map((m) => m.id) },
  });
  return {
    data: data.map((m): TAdminFlaggedMessage => ({
      id: m.id,
      chat_id: m.chat_id,
      sender_id: m.sender_id,
      type: m.type,
      // The review is open while its messages are listed: the kept original is shown.
      ...evidenceText(m, null, true),
      created_at: iso(m.created_at),
    })),
    pagination,
  };
}

/**
 * A review's decision through the sanction pipeline: the hold lifted and the flags seen so far
 * no longer counted, the member's kept originals forgotten, the measure and the audit row.
 */
async function decide(
  deps: Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>,
  me: Actor,
  id: number,
  d: { measure: Measure; action: string; reason: string; data?: Record<string, unknown> },
) {
  const m = await memberOr404(deps, id);
  await applySanction(deps, {
    actor: me,
    target: m,
    close: async (trx) => {
      await repo.markReviewed(trx, id);
      return forgetReviewOriginals(trx, id);
    },
    ...d,
  });
  return m;
}

type DecisionDeps = Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>;

/** Warn: the member gets the message as a notification, and the hold is lifted. */
export const warnFlagged = (
  deps: DecisionDeps,
  me: Actor,
  id: number,
  input: { message: string; reason: string },
) =>
  decide(deps, me, id, {
    measure: { kind: 'warn', message: input.message },
    action: 'scam.warn',
    reason: input.reason,
    data: { message: input.message },
  });

/** Block: the account is closed (an existing block kept) and signed out everywhere. */
export const blockFlagged = (deps: DecisionDeps, me: Actor, id: number, reason: string) =>
  decide(deps, me, id, { measure: { kind: 'block' }, action: 'scam.block', reason });

/** Release: nothing wrong was found; the member can start chats again. */
export async function releaseFlagged(deps: DecisionDeps, me: Actor, id: number, reason: string) {
  const m = await memberOr404(deps, id);
  await decide(deps, me, id, {
    measure: { kind: 'none' },
    action: 'scam.release',
    reason,
    data: { was_held: !!m.chat_hold_at },
  });
}
