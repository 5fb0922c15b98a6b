/**
 * The console's member pages: search, the detail page with its records, and the staff actions
 * (block, unblock, device reset, role, coins, photo removal, warning), each with its audit row
 * in the same transaction; the member is told (or signed out) once it commits. Block, unblock
 * and warning go through the one sanction pipeline (sanctions.ts).
 */
import crypto from 'node:crypto';
import type { TAdminMember } from '@app/shared';
import { deletePhoto } from '../../adapters/images/photos.js';
import { findGallery, presentGallery, removeMemberPhoto } from '../photos/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { applyMovement } from '../coins/index.js';
import * as repo from './members.repository.js';
import { presentMemberDetail, presentMemberRow } from './members.presenter.js';
import { assertCanActOn, assertCanSanction, audit, pageOf, paginate } from './staff.js';
import { applySanction, type Actor } from './sanctions.js';

const NOT_FOUND = 'Membre introuvable';

async function memberOr404(deps: Pick<Deps, 'db'>, id: number) {
  const m = await repo.findMember(deps.db, id);
  if (!m) throw new AppError('not_found', NOT_FOUND, { status: 404 });
  return m;
}

export async function searchMembers(
  deps: Pick<Deps, 'db' | 'storage'>,
  q: string | undefined,
  page: number | undefined,
) {
  const p = pageOf(page);
  const rows = await repo.searchMembers(deps.db, q ?? '', p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  return { data: data.map((m) => presentMemberRow(deps, m)), pagination };
}

export async function getMember(
  deps: Pick<Deps, 'db' | 'storage'>,
  id: number,
): Promise<TAdminMember> {
  const m = await memberOr404(deps, id);
  const [accounts, refusals, devices, movements, received, made, orders, gallery] =
    await Promise.all([
      repo.accountsOnSameDevice(deps.db, m.device_hash),
      m.device_hash ? repo.deviceRefusals(deps.db, m.device_hash) : 0,
      repo.devicesOf(deps.db, m.id),
      repo.coinMovements(deps.db, m.id, 50),
      repo.reportsAbout(deps.db, m.id, 'reported_id'),
      repo.reportsAbout(deps.db, m.id, 'reporter_id'),
      repo.ordersOf(deps.db, m.id, 50),
      findGallery(deps.db, m.id),
    ]);
  return presentMemberDetail(deps, m, {
    device: { accounts, refusals },
    gallery: presentGallery(deps, gallery),
    devices,
    coin_movements: movements,
    orders,
    reports_received: received,
    reports_made: made,
  });
}

export async function blockMember(
  deps: Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const m = await memberOr404(deps, id);
  await applySanction(deps, {
    actor: me,
    target: { id: m.id, role: m.role },
    measure: { kind: 'block' },
    action: 'member.block',
    reason,
  });
}

export async function unblockMember(
  deps: Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const m = await memberOr404(deps, id);
  await applySanction(deps, {
    actor: me,
    target: { id: m.id, role: m.role },
    measure: { kind: 'unblock' },
    action: 'member.unblock',
    reason,
  });
}

/**
 * Lifts the multiple-account lock of the member's device: its refusals are forgotten and the
 * accounts blocked for multiple creation are unblocked. Answers their ids.
 */
export async function resetMemberDevice(
  deps: Pick<Deps, 'db'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const m = await memberOr404(deps, id);
  assertCanActOn(me, m);
  const deviceHash = m.device_hash;
  if (!deviceHash) throw new AppError('validation', 'Aucun appareil connu pour ce membre.');
  return deps.db.transaction().execute(async (trx) => {
    const ids = await repo.resetDevice(trx, deviceHash);
    await audit(trx, {
      actorId: me.id,
      action: 'member.reset_device',
      targetType: 'user',
      targetId: m.id,
      reason,
      data: { unblocked: ids },
    });
    return ids;
  });
}

export async function setMemberRole(
  deps: Pick<Deps, 'db' | 'realtime'>,
  me: Actor,
  id: number,
  input: { role: 'member' | 'moderator'; reason: string },
) {
  const m = await memberOr404(deps, id);
  assertCanActOn(me, m);
  if (m.role === 'admin')
    throw new AppError('forbidden', "Le rôle d'un administrateur ne se change pas ici.", {
      status: 403,
    });
  await deps.db.transaction().execute(async (trx) => {
    await repo.setRole(trx, m.id, input.role);
    await audit(trx, {
      actorId: me.id,
      action: 'member.role',
      targetType: 'user',
      targetId: m.id,
      reason: input.reason,
      data: { from: m.role, to: input.role },
    });
  });
}

/** A manual credit or debit through the coin ledger; answers the new balance. */
export async function adjustMemberCoins(
  deps: Pick<Deps, 'db' | 'metrics' | 'realtime'>,
  me: Actor,
  id: number,
  input: { amount: number; reason: string },
) {
  const m = await memberOr404(deps, id);
  assertCanActOn(me, m);
  const balance = await deps.db.transaction().execute(async (trx) => {
    const r = await applyMovement(
      trx,
      {
        userId: m.id,
        amount: input.amount,
        reason: 'admin_adjustment',
        key: `admin_adjustment:${crypto.randomUUID()}`,
        meta: { actor_id: me.id, reason: input.reason },
      },
      deps.metrics,
    );
    await audit(trx, {
      actorId: me.id,
      action: 'coins.adjust',
      targetType: 'user',
      targetId: m.id,
      reason: input.reason,
      data: { amount: input.amount, balance: r.balance },
    });
    return r.balance;
  });
  return balance;
}

/** Removes one photo of the member (the main one unless `photoId` names another), audited. */
export async function deleteMemberPhoto(
  deps: Pick<Deps, 'db' | 'storage' | 'notify' | 'realtime'>,
  me: Actor,
  id: number,
  input: { reason: string; photo_id?: number },
) {
  const m = await memberOr404(deps, id);
  assertCanActOn(me, m);
  assertCanSanction(me, m);
  const photoKey = await deps.db.transaction().execute(async (trx) => {
    const key = await removeMemberPhoto(trx, m.id, input.photo_id);
    if (!key) {
      const missing = input.photo_id === undefined ? 'de photo' : 'cette photo';
      throw new AppError('validation', `Ce membre n'a pas ${missing}.`);
    }
    await audit(trx, {
      actorId: me.id,
      action: 'member.photo_delete',
      targetType: 'user',
      targetId: m.id,
      reason: input.reason,
      data: { photo_key: key },
    });
    return key;
  });
  await deletePhoto(deps.storage, photoKey).catch(() => undefined);
  await deps.notify(m.id, 'moderation_warning', {
    message:
      'Votre photo de profil a été retirée par la modération. Ajoutez-en une conforme à nos règles.',
  });
}

export async function warnMember(
  deps: Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>,
  me: Actor,
  id: number,
  input: { message: string; reason: string },
) {
  const m = await memberOr404(deps, id);
  await applySanction(deps, {
    actor: me,
    target: { id: m.id, role: m.role },
    measure: { kind: 'warn', message: input.message },
    action: 'member.warn',
    reason: input.reason,
    data: { message: input.message },
  });
}
