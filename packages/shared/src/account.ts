/**
 * Account contract (spec 2 "Account menu", "Profile edit"; issue 9): profile-edit rules and
 * messages, anonymous mode, data export and account deletion. The rules are plain functions the
 * server enforces and the edit screen shows; the zod schemas are built in pure calls so the web,
 * which imports only rules and types, never downloads zod.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { OTP_LENGTH } from './auth-rules.js';
import { SWIPE_MSG } from './swipes.js';

export const PROFILE_NAME_MIN = 2;
export const PROFILE_NAME_MAX = 50;
export const PROFILE_BIO_MAX = 500;
export const PROFILE_LOCALITY_MAX = 100;
/** The invite modal's "copié" confirmation (spec 2 §9). */
export const CODE_COPY_CONFIRM_MS = 2_000;
/** The 'Mode anonyme' sheet's closing animation (spec 2 §9). */
export const SHEET_CLOSE_MS = 300;
/** What a deleted member is called wherever their past messages still show. */
export const DELETED_MEMBER_NAME = 'Utilisateur supprimé';
/** The address a deleted account's e-mail becomes (unique, undeliverable: RFC 2606 .invalid). */
export const deletedEmailOf = (userId: number) => `deleted-${userId}@supprime.invalid`;

export const PROFILE_MSG = {
  nameRequired: 'Le nom est requis',
  nameTooShort: `Le nom doit contenir au moins ${PROFILE_NAME_MIN} caractères`,
  nameTooLong: `Le nom ne peut pas dépasser ${PROFILE_NAME_MAX} caractères`,
  bioTooLong: `La bio ne peut pas dépasser ${PROFILE_BIO_MAX} caractères`,
  localityTooLong: `La localité ne peut pas dépasser ${PROFILE_LOCALITY_MAX} caractères`,
  updated: 'Profil mis à jour avec succès !',
  photoUpdated: 'Photo mise à jour !',
  locationUpdated: 'Localisation mise à jour !',
  missingData: 'Données manquantes',
} as const;

export const ACCOUNT_MSG = {
  anonymousOn: 'Mode anonyme activé',
  anonymousOff: 'Mode anonyme désactivé',
  passwordRequired: 'Veuillez saisir votre mot de passe',
  passwordIncorrect: 'Mot de passe incorrect.',
  codeRequired: 'Veuillez entrer le code à 6 chiffres',
  codeIncorrect: 'Code incorrect. Veuillez réessayer.',
  codeExpired: 'Code expiré. Veuillez demander un nouveau code.',
  codeSent: 'Un code de confirmation vous a été envoyé par email.',
  codeSendFailed: "Erreur lors de l'envoi du code. Veuillez réessayer.",
  usePassword: 'Confirmez la suppression avec votre mot de passe.',
  deleted: 'Votre compte a été supprimé.',
} as const;

export type TProfileField = 'name' | 'bio' | 'locality';

/**
 * The profile-edit rules (issue 9): name 2–50 characters, bio at most 500, locality at most 100,
 * each after trimming. Only the fields given are judged; the first message per field is returned.
 */
export function profileUpdateErrors(
  fields: Partial<Record<TProfileField, string>>,
): Partial<Record<TProfileField, string>> {
  const errors: Partial<Record<TProfileField, string>> = {};
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (!name) errors.name = PROFILE_MSG.nameRequired;
    else if (name.length < PROFILE_NAME_MIN) errors.name = PROFILE_MSG.nameTooShort;
    else if (name.length > PROFILE_NAME_MAX) errors.name = PROFILE_MSG.nameTooLong;
  }
  if (fields.bio !== undefined && fields.bio.trim().length > PROFILE_BIO_MAX) {
    errors.bio = PROFILE_MSG.bioTooLong;
  }
  if (fields.locality !== undefined && fields.locality.trim().length > PROFILE_LOCALITY_MAX) {
    errors.locality = PROFILE_MSG.localityTooLong;
  }
  return errors;
}

// --- payloads and answers ------------------------------------------------------------------

const lazySchema = <T>(build: () => T): T => build();

/** `data` of POST /account/settings: what the account menu needs beyond the profile. */
export const ZAccountSettings = /* @__PURE__ */ lazySchema(() =>
  z.object({
    anonymous: z.boolean(),
    /** true: deletion is confirmed with the password; false (Google only): with an e-mail code. */
    has_password: z.boolean(),
  }),
);
export type TAccountSettings = z.infer<typeof ZAccountSettings>;

/**
 * The signed-in member's OWN profile (POST /profile, GET /user/profile, the wizard's and the edit
 * screen's answers, `user` of the auth status). Private fields (e-mail, birth date, coins) are
 * here because only their owner ever receives this object.
 */
export const ZOwnProfile = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    age: z.number().nullable(),
    birth_date: z.string().nullable(),
    gender: z.string().nullable(),
    locality: z.string().nullable(),
    bio: z.string().nullable(),
    /** The wizard's answers (traits), as stored: a JSON value the profile screens read. */
    details: z.unknown(),
    /** The card-size photo, or null. */
    photo: z.string().nullable(),
    photos: z.object({ thumb: z.string(), card: z.string(), full: z.string() }).nullable(),
    /** « Profil vérifié » (issue 28). */
    verified: z.boolean(),
    coins: z.number(),
    stats: z.object({ likes_received: z.number() }),
    passions: z.array(z.string()),
    social_media: z.object({
      joined_facebook: z.boolean(),
      joined_tiktok: z.boolean(),
      joined_youtube: z.boolean(),
    }),
    gifted_signup: z.boolean(),
    invitation_code: z.string().nullable(),
    email_verified: z.boolean(),
    profile_complete: z.boolean(),
    created_at: z.string(),
  }),
);
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

/** `data` of POST /daily-rewards/info (spec 1 §7). */
export const ZDailyRewardInfo = /* @__PURE__ */ lazySchema(() =>
  z.object({
    reward_given_today: z.boolean(),
    reward_amount: z.number(),
    message: z.string(),
    /** Ours: today's reward window was already shown, on this device or another one. */
    seen_today: z.boolean(),
  }),
);
export type TDailyRewardInfo = z.infer<typeof ZDailyRewardInfo>;

/** `data` of /daily-rewards/seen: whether this call was the first showing today (ours). */
export const ZDailyRewardSeen = /* @__PURE__ */ lazySchema(() => z.object({ first: z.boolean() }));
export type TDailyRewardSeen = z.infer<typeof ZDailyRewardSeen>;
const token = () => zText().optional();

/** POST /account/anonymous. */
export const ZAnonymousRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: token(), enabled: z.boolean({ error: 'Valeur invalide' }) }),
);

/** POST /account/delete: the password, or for an account without one a fresh e-mail code. */
export const ZDeleteAccountRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    password: zText().max(200).optional(),
    code: zText()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MSG.codeRequired)
      .optional(),
  }),
);
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** POST /users/:id/view: the member whose profile was opened (a bad id reads as not found). */
export const ZProfileViewParams = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.coerce
      .number({ error: SWIPE_MSG.targetNotFound })
      .int(SWIPE_MSG.targetNotFound)
      .positive(SWIPE_MSG.targetNotFound)
      .max(Number.MAX_SAFE_INTEGER, SWIPE_MSG.targetNotFound),
  }),
);
