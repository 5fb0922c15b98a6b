/**
 * The « Arnaques » queue and its decisions (scam shield). Staff see the member's flagged
 * messages only, one member at a time, and each reading is audited; warn, block and release each
 * close the review and write their audit row in the same transaction.
 */
import type { TAdminFlaggedMessage, TAdminScamMember } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoOf } from '../chats/index.js';
import { devicesOf, setBlocked } from './members.repository.js';
import { presentMemberDevices } from './members.presenter.js';
import type { Actor } from './members.service.js';
import * as repo from './scams.repository.js';
import { assertCanSanction, audit, iso, isoOrNull, pageOf, paginate } from './staff.js';

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
      content: m.content,
      created_at: iso(m.created_at),
    })),
    pagination,
  };
}

/**
 * A review's decision in one transaction: the hold lifted and the flags seen so far no longer
 * counted, `also` (the block itself), and the audit row.
 */
async function decide(
  deps: Pick<Deps, 'db'>,
  me: Actor,
  id: number,
  entry: { action: string; reason: string; data?: Record<string, unknown> },
  also?: (trx: Deps['db']) => Promise<void>,
) {
  await deps.db.transaction().execute(async (trx) => {
    await repo.markReviewed(trx, id);
    await also?.(trx);
    await audit(trx, { actorId: me.id, targetType: 'user', targetId: id, ...entry });
  });
}

/** Warn: the member gets the message as a notification, and the hold is lifted. */
export async function warnFlagged(
  deps: Pick<Deps, 'db' | 'notify'>,
  me: Actor,
  id: number,
  input: { message: string; reason: string },
) {
  await memberOr404(deps, id);
  await decide(deps, me, id, {
    action: 'scam.warn',
    reason: input.reason,
    data: { message: input.message },
  });
  await deps.notify(id, 'moderation_warning', { message: input.message });
}

/** Block: the account is closed and signed out everywhere. */
export async function blockFlagged(
  deps: Pick<Deps, 'db' | 'realtime'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const m = await memberOr404(deps, id);
  assertCanSanction(me, m);
  await decide(deps, me, id, { action: 'scam.block', reason }, async (trx) => {
    if (!m.blocked_at) await setBlocked(trx, id, reason);
  });
}

/** Release: nothing wrong was found; the member can start chats again. */
export async function releaseFlagged(
  deps: Pick<Deps, 'db'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const m = await memberOr404(deps, id);
  await decide(deps, me, id, {
    action: 'scam.release',
    reason,
    data: { was_held: !!m.chat_hold_at },
  });
}
