/**
 * The console's « Vérifications » queue (issue 28): pending checks oldest first; one check read
 * with its selfies (each reading written to the audit log); approve, or refuse with a reason
 * from the list. A decision is audited, deletes the selfie files and forgets their keys.
 */
import {
  VERIFICATION_MSG,
  type TAdminVerification,
  type TAdminVerificationItem,
  type TAdminVerificationRefuseRequest,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoUrls } from '../../adapters/images/photos.js';
import { audit } from '../admin/index.js';
import { findGallery } from '../photos/index.js';
import * as repo from './verification.repository.js';
import { deleteSelfies, readSelfie } from './selfies.js';
import { posesOf, refusalText } from './verification.service.js';

type RDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'notify'>;
interface Staff {
  id: number;
  role: string;
}

const PER_PAGE = 25;
const notFound = () => new AppError('not_found', VERIFICATION_MSG.notFound, { status: 404 });
const decided = () => new AppError('conflict', VERIFICATION_MSG.alreadyDecided, { status: 409 });
const iso = (d: Date | string) => new Date(d).toISOString();

export async function listPending(deps: RDeps, page = 1) {
  const rows = await repo.findPendingPage(deps.db, PER_PAGE + 1, (page - 1) * PER_PAGE);
  const data: TAdminVerificationItem[] = rows.slice(0, PER_PAGE).map((r) => ({
    id: r.id,
    user_id: r.user_id,
    name: r.name,
    photo: r.photo_key ? photoUrls(deps.storage, r.photo_key).thumb : null,
    submitted_at: iso(r.submitted_at ?? new Date(0)),
  }));
  return { data, pagination: { page, per_page: PER_PAGE, has_more: rows.length > PER_PAGE } };
}

/** One check with its selfies inline; the reading itself is audited before they leave. */
export async function readRequest(deps: RDeps, me: Staff, id: number): Promise<TAdminVerification> {
  const r = await repo.findRequest(deps.db, id);
  if (!r) throw notFound();
  const selfieKeys = r.status === 'pending' ? (r.selfie_keys ?? []) : [];
  if (selfieKeys.length > 0) {
    await audit(deps.db, {
      actorId: me.id,
      action: 'verification.view',
      targetType: 'verification',
      targetId: r.id,
      reason: null,
      data: { user_id: r.user_id },
    });
  }
  const selfies = await Promise.all(selfieKeys.map((k) => readSelfie(deps.storage, k)));
  const gallery = await findGallery(deps.db, r.user_id);
  return {
    id: r.id,
    user_id: r.user_id,
    name: r.name,
    status: r.status,
    submitted_at: r.submitted_at ? iso(r.submitted_at) : null,
    poses: posesOf(r.poses),
    selfies: selfies.filter((s): s is string => s !== null),
    photos: gallery.map((p) => photoUrls(deps.storage, p.photo_key).card),
  };
}

/** Decides a pending check in one transaction with its audit row, then deletes the files. */
async function decide(
  deps: RDeps,
  me: Staff,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const r = await repo.lockPending(trx, id);
    if (!r) throw (await repo.findRequest(trx, id)) ? decided() : notFound();
    if (decision.approve && !(await repo.setVerified(trx, r.user_id, r.photo_keys ?? []))) {
      throw new AppError('conflict', VERIFICATION_MSG.photosChanged, { status: 409 });
    }
    await repo.decideRequest(trx, r.id, {
      status: decision.approve ? 'approved' : 'refused',
      reason: decision.approve ? null : decision.reason,
      by: me.id,
    });
    await audit(trx, {
      actorId: me.id,
      action: decision.approve ? 'verification.approve' : 'verification.refuse',
      targetType: 'verification',
      targetId: r.id,
      reason: decision.approve ? null : decision.reason,
      data: { user_id: r.user_id },
    });
    return { keys: r.selfie_keys ?? [], userId: r.user_id };
  });
  await deleteSelfies(deps.storage, outcome.keys).catch((err: unknown) =>
    deps.log.error({ err, id }, 'selfies de vérification non effacés'),
  );
  // The member hears of it in the bell, whatever screen they are on.
  await deps.notify(outcome.userId, 'verification', {
    message: decision.approve
      ? VERIFICATION_MSG.approvedNotice
      : `${VERIFICATION_MSG.refused} : ${decision.reason}`,
  });
}

export const approveRequest = (deps: RDeps, me: Staff, id: number) =>
  decide(deps, me, id, { approve: true });

export const refuseRequest = (
  deps: RDeps,
  me: Staff,
  id: number,
  input: TAdminVerificationRefuseRequest,
) => decide(deps, me, id, { approve: false, reason: refusalText(input.reason) });
