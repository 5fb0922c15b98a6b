/**
 * Profile completion (the wizard, with its optional passions), the gift flag, the daily
 * reward info and its window shown once a day across devices.
 */
import {
  AUTH_MSG,
  DAILY_BONUS_COINS,
  GENDERS,
  NAME_MIN_LENGTH,
  TRAIT_KEYS,
  birthDateError,
  parsePassionsField,
  type TFieldErrors,
  type TPassionKey,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { MultipartForm } from '../../http/multipart.js';
import { clearGiftFlag, completeProfile } from './profile.repository.js';
import { putMainPhoto, savePhoto } from '../photos/index.js';
import { claimDailyRewardShown, wasDailyRewardShown } from './daily-reward.repository.js';
import {
  announceReferralReward,
  businessDay,
  dailyBonusGivenToday,
  payReferralRewardIfDue,
} from '../auth/index.js';

const NAME_MAX = 60;
const LOCALITY_MAX = 120;
const BIO_MAX = 500;

interface ValidCompletion {
  name: string;
  gender: 'homme' | 'femme';
  birthDate: string;
  locality: string;
  bio: string | null;
  details: Record<string, number>;
  passions: TPassionKey[];
}

function parseDetails(raw: string | undefined, errors: TFieldErrors) {
  const details: Record<string, number> = {};
  let bio: string | null = null;
  if (!raw) return { details, bio };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    errors.details = ['Détails invalides'];
    return { details, bio };
  }
  if (!parsed || typeof parsed !== 'object') return { details, bio };
  const obj = parsed as Record<string, unknown>;
  for (const key of TRAIT_KEYS) {
    const v = obj[key];
    if (v === undefined || v === null || v === '') continue;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 5) (errors[key] ??= []).push('Valeur entre 1 et 5');
    else details[key] = n;
  }
  if (typeof obj.bio === 'string' && obj.bio.trim()) {
    bio = obj.bio.trim();
    if (bio.length > BIO_MAX) errors.bio = [`La bio ne peut pas dépasser ${BIO_MAX} caractères`];
  }
  return { details, bio };
}

function validateCompletion(fields: Record<string, string>, now: Date): ValidCompletion {
  const errors: TFieldErrors = {};
  const name = (fields.name ?? '').trim();
  if (!name) errors.name = [AUTH_MSG.nameRequired];
  else if (name.length < NAME_MIN_LENGTH) errors.name = [AUTH_MSG.nameTooShort];
  else if (name.length > NAME_MAX)
    errors.name = [`Le nom ne peut pas dépasser ${NAME_MAX} caractères`];
  const gender = fields.gender;
  if (!GENDERS.includes(gender as (typeof GENDERS)[number]))
    errors.gender = [AUTH_MSG.genderRequired];
  const birthErr = birthDateError(fields.birth_date, now);
  if (birthErr) errors.birth_date = [birthErr];
  const locality = (fields.locality ?? '').trim();
  if (!locality) errors.locality = [AUTH_MSG.localityRequired];
  else if (locality.length > LOCALITY_MAX) errors.locality = ['Localité trop longue'];
  const { details, bio } = parseDetails(fields.details, errors);
  const chosen = parsePassionsField(fields.passions ?? '');
  if ('error' in chosen) errors.passions = [chosen.error];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, { fields: errors });
  return {
    name,
    gender: gender as 'homme' | 'femme',
    birthDate: fields.birth_date ?? '',
    locality,
    bio,
    details,
    passions: 'error' in chosen ? [] : chosen.passions,
  };
}

export async function completeOwnProfile(
  deps: Pick<Deps, 'db' | 'storage' | 'notify' | 'metrics' | 'realtime'>,
  userId: number,
  form: MultipartForm,
  now: Date,
) {
  const valid = validateCompletion(form.fields, now);
  if (!form.file || form.file.buffer.length === 0) {
    throw new AppError('validation', AUTH_MSG.photoRequired, {
      fields: { photo: [AUTH_MSG.photoRequired] },
    });
  }
  const photoKey = await savePhoto(deps, form.file.buffer, userId);
  const referrerPaid = await deps.db.transaction().execute(async (trx) => {
    if (!(await completeProfile(trx, userId, { ...valid, photoKey }))) return undefined;
    // The wizard's photo starts the gallery (issue 28).
    await putMainPhoto(trx, userId, photoKey);
    // The inviter's reward waits for this moment (see payReferralRewardIfDue).
    return payReferralRewardIfDue(trx, userId, deps.metrics);
  });
  if (referrerPaid === undefined) {
    throw new AppError('already_complete', AUTH_MSG.alreadyComplete, { status: 409 });
  }
  await announceReferralReward(deps.notify, referrerPaid);
}

export async function markGiftSeen(deps: Pick<Deps, 'db' | 'realtime'>, userId: number) {
  await clearGiftFlag(deps.db, userId);
}

/** The reward window is being shown today: first is false when another device already did. */
export async function markDailyRewardSeen(deps: Pick<Deps, 'db'>, userId: number, now: Date) {
  return { first: await claimDailyRewardShown(deps.db, userId, businessDay(now)) };
}

export async function dailyRewardInfo(deps: Pick<Deps, 'db'>, userId: number, now: Date) {
  const [given, seen] = await Promise.all([
    dailyBonusGivenToday(deps.db, userId, now),
    wasDailyRewardShown(deps.db, userId, businessDay(now)),
  ]);
  return {
    reward_given_today: given,
    seen_today: seen,
    reward_amount: DAILY_BONUS_COINS,
    message: given
      ? `Bonus quotidien : +${DAILY_BONUS_COINS} pièces ajoutées à votre solde !`
      : `Connectez-vous chaque jour pour gagner ${DAILY_BONUS_COINS} pièces.`,
  };
}
