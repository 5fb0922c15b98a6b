/**
 * Profile verification (issue 28). The member asks for poses (two drawn at random by the
 * server), takes one selfie per pose in the page, and sends both: at most 3 a day; a selfie
 * that is the same picture as another account's is refused at once. A moderator then approves
 * or refuses, first come first served; each reading of the selfies and each decision is audited,
 * and the selfie files are deleted at the decision (only their perceptual hashes are kept).
 */
import crypto from 'node:crypto';
import {
  VERIFICATION_MSG,
  VERIFICATION_POSES,
  VERIFICATION_POSES_ASKED,
  VERIFICATION_POSE_KEYS,
  VERIFICATION_REFUSAL_REASONS,
  VERIFICATION_TRIES_PER_DAY,
  type TVerificationPose,
  type TVerificationRefusalReason,
  type TVerificationStatus,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findGallery } from '../photos/index.js';
import * as repo from './verification.repository.js';
import { deleteSelfies, storeSelfie, type StoredSelfie } from './selfies.js';

type VDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

const isPose = (k: string): k is TVerificationPose => k in VERIFICATION_POSES;
export const posesOf = (keys: readonly string[]) =>
  keys.filter(isPose).map((key) => ({ key, text: VERIFICATION_POSES[key] }));

/** Two different poses, drawn with the CSPRNG (nobody can prepare the pictures in advance). */
function drawPoses(): TVerificationPose[] {
  const pool = [...VERIFICATION_POSE_KEYS];
  const drawn: TVerificationPose[] = [];
  while (drawn.length < VERIFICATION_POSES_ASKED) {
    const [pose] = pool.splice(crypto.randomInt(pool.length), 1);
    if (pose) drawn.push(pose);
  }
  return drawn;
}

/**
 * What the screen shows. With no check under way and tries left, poses are drawn (kept
 * server-side: the selfies are checked against them).
 */
export async function verificationStatus(
  deps: VDeps,
  userId: number,
): Promise<TVerificationStatus> {
  const [verifiedAt, latest, tries] = await Promise.all([
    repo.findVerifiedAt(deps.db, userId),
    repo.findLatestRequest(deps.db, userId),
    repo.countTriesToday(deps.db, userId),
  ]);
  const triesLeft = Math.max(0, VERIFICATION_TRIES_PER_DAY - tries);
  const base = { reason: null, poses: [], tries_left_today: triesLeft };
  if (verifiedAt) return { ...base, state: 'verified' };
  if (latest?.status === 'pending') return { ...base, state: 'pending' };
  const refused =
    latest?.status === 'refused'
      ? { state: 'refused' as const, reason: latest.reason }
      : { state: 'none' as const };
  if (triesLeft === 0) return { ...base, ...refused };
  if (latest?.status === 'drawn') return { ...base, ...refused, poses: posesOf(latest.poses) };
  const poses = drawPoses();
  await repo.insertDrawnRequest(deps.db, userId, poses);
  // A refusal stays readable: the new draw is the next try.
  return {
    ...base,
    ...refused,
    poses: posesOf(poses),
    reason: latest?.status === 'refused' ? latest.reason : null,
  };
}

async function assertMaySubmit(deps: VDeps, userId: number) {
  if (await repo.findVerifiedAt(deps.db, userId)) {
    throw new AppError('already_verified', VERIFICATION_MSG.alreadyVerified, { status: 409 });
  }
  const latest = await repo.findLatestRequest(deps.db, userId);
  if (latest?.status === 'pending') {
    throw new AppError('verification_pending', VERIFICATION_MSG.alreadyPending, { status: 409 });
  }
  if ((await repo.countTriesToday(deps.db, userId)) >= VERIFICATION_TRIES_PER_DAY) {
    throw new AppError('verification_limit', VERIFICATION_MSG.tooManyTries, { status: 429 });
  }
  if (latest?.status !== 'drawn') {
    throw new AppError('validation', VERIFICATION_MSG.noPoses, { status: 422 });
  }
  return latest.id;
}

/** The two selfies: checked, stored apart, hashed; refused at once when reused. */
export async function submitSelfies(deps: VDeps, userId: number, selfies: Buffer[]) {
  if (selfies.length !== VERIFICATION_POSES_ASKED) {
    throw new AppError('validation', VERIFICATION_MSG.selfiesRequired, { status: 400 });
  }
  const requestId = await assertMaySubmit(deps, userId);
  const gallery = await findGallery(deps.db, userId);
  if (gallery.length === 0)
    throw new AppError('validation', VERIFICATION_MSG.noPhoto, { status: 422 });
  const stored: StoredSelfie[] = [];
  try {
    for (const s of selfies) stored.push(await storeSelfie(deps.storage, userId, s));
  } catch (err) {
    await deleteSelfies(
      deps.storage,
      stored.map((s) => s.key),
    );
    throw err;
  }
  const hashes = stored.map((s) => s.hash);
  const keys = stored.map((s) => s.key);
  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      const reused = await repo.isSelfieOfAnotherAccount(trx, userId, hashes);
      await repo.insertSelfieHashes(trx, userId, hashes);
      if (reused) {
        await repo.refuseAtOnce(trx, requestId, VERIFICATION_REFUSAL_REASONS.duplicate);
        return 'duplicate' as const;
      }
      const photoKeys = gallery.map((p) => p.photo_key);
      if (!(await repo.submitRequest(trx, requestId, keys, photoKeys))) {
        throw new AppError('verification_pending', VERIFICATION_MSG.alreadyPending, {
          status: 409,
        });
      }
      return 'pending' as const;
    })
    .catch(async (err: unknown) => {
      await deleteSelfies(deps.storage, keys);
      throw err;
    });
  if (outcome === 'duplicate') {
    await deleteSelfies(deps.storage, keys);
    throw new AppError('selfie_duplicate', VERIFICATION_MSG.duplicate, { status: 422 });
  }
  return verificationStatus(deps, userId);
}

export const refusalText = (r: TVerificationRefusalReason) => VERIFICATION_REFUSAL_REASONS[r];
