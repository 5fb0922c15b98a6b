/**
 * Accounts rules without zod (spec 1 §3–§9): constants, French messages, the birth-date rule.
 * Kept apart from the schemas so the sign-in screens do not download zod.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_S = 60;
export const OTP_TTL_MIN = 10;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * The one resend rule for every e-mail code (sign-up, password reset, account deletion): the
 * whole seconds still to wait before another code may be sent, 0 when one may go now.
 */
export function otpCooldownLeftS(sinceLastCodeS: number | null): number {
  if (sinceLastCodeS === null || sinceLastCodeS >= OTP_RESEND_COOLDOWN_S) return 0;
  return Math.ceil(OTP_RESEND_COOLDOWN_S - sinceLastCodeS);
}
export const SIGNUP_GIFT_COINS = 100;
export const DAILY_BONUS_COINS = 10;
export const REFERRAL_REWARD_COINS = 100;
export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const NAME_MIN_LENGTH = 2;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const BUSINESS_TIME_ZONE = 'Africa/Ouagadougou';

export const AUTH_MSG = {
  fillAll: 'Veuillez remplir tous les champs',
  invalidEmail: 'Veuillez entrer un email valide',
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  passwordTooCommon: 'Ce mot de passe est trop courant. Choisissez-en un plus sûr.',
  emailTaken: 'Un compte existe déjà avec cet email.',
  disposableEmail:
    'Les adresses email jetables ne sont pas acceptées. Utilisez votre adresse habituelle.',
  badCredentials: 'Email ou mot de passe incorrect.',
  loginFailed: 'Échec de la connexion',
  signupFailed: "Erreur lors de l'inscription",
  loginSuccess: 'Connexion réussie !',
  signupSuccess: 'Compte créé ! Un code de vérification vous a été envoyé par email.',
  emailNotVerified: "Votre email n'est pas encore vérifié. Vérifiez votre boîte email.",
  accountBlocked: 'Votre compte a été bloqué.',
  deviceAlreadyRegistered: 'Impossible de créer un nouveau compte.',
  blockedMultiple: 'Compte bloqué pour multiples comptes.',
  otpFormat: 'Veuillez entrer le code à 6 chiffres',
  otpExpired: 'Code OTP expiré. Veuillez demander un nouveau code.',
  otpIncorrect: 'Code OTP incorrect. Veuillez réessayer.',
  otpVerified: 'Email vérifié avec succès !',
  otpSent: 'Un nouveau code vous a été envoyé.',
  otpResendWait: 'Veuillez patienter avant de demander un nouveau code.',
  otpResendFailed: 'Erreur lors du renvoi du code.',
  resetSent: 'Si un compte existe pour cet email, un code de réinitialisation a été envoyé.',
  resetDone: 'Mot de passe modifié. Vous pouvez vous connecter.',
  resetInvalid: 'Code invalide ou expiré.',
  logoutDone: 'Déconnexion réussie.',
  googleInit: "Erreur lors de l'initialisation Google.",
  googleFailed: 'Échec de la connexion avec Google.',
  nameRequired: 'Le nom est requis',
  nameTooShort: 'Le nom doit contenir au moins 2 caractères',
  birthInvalid: 'Date de naissance invalide',
  birthYearInvalid: 'Année de naissance invalide',
  birthPartial: 'Veuillez compléter toute la date de naissance',
  tooYoung: `Vous devez avoir au moins ${MIN_AGE} ans`,
  localityRequired: 'La localité est requise',
  genderRequired: 'Le genre est requis',
  photoRequired: 'La photo est requise',
  photoInvalid: 'Veuillez sélectionner une image valide',
  photoTooLarge: "L'image doit faire moins de 5MB",
  cropInvalid: 'Veuillez sélectionner une zone de crop valide',
  stepsIncomplete: 'Veuillez compléter toutes les étapes correctement',
  profileCompleted: 'Profil complété avec succès !',
  alreadyComplete: 'Votre profil est déjà complet.',
  giftSeen: 'Bienvenue !',
} as const;

/** Where the member goes next (the `action` of the sign-in answers and the auth status). */
export const AUTH_ACTIONS = [
  'redirect_login',
  'redirect_verify_otp',
  'redirect_complete_profile',
  'redirect_home',
  'account_blocked',
] as const;
export type TAuthAction = (typeof AUTH_ACTIONS)[number];

export const GENDERS = ['homme', 'femme'] as const;
export type TGender = (typeof GENDERS)[number];
export const TRAIT_KEYS = ['height', 'weight', 'personality', 'lifestyle', 'ambition'] as const;
export type TTraitKey = (typeof TRAIT_KEYS)[number];

/** Age in whole years on `today` (dates as year-month-day in the business time zone). */
export function ageOn(birth: { y: number; m: number; d: number }, today: Date): number {
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  let age = ty - birth.y;
  if (tm < birth.m || (tm === birth.m && td < birth.d)) age -= 1;
  return age;
}

/** A member's age from a stored `YYYY-MM-DD` birth date; null when none (or unreadable). */
export function ageOf(birthDate: string | null, now = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number);
  if (!y || !m || !d) return null;
  return ageOn({ y, m, d }, now);
}

/**
 * The birth-date rule of spec 1 §5 with the 18+ floor of the terms. Returns the French error,
 * or null when the date is valid.
 */
export function birthDateError(value: string | undefined | null, today: Date): string | null {
  if (!value) return AUTH_MSG.birthPartial;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!m) return AUTH_MSG.birthPartial;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > today.getUTCFullYear()) return AUTH_MSG.birthYearInvalid;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return AUTH_MSG.birthInvalid;
  }
  const age = ageOn({ y, m: mo, d }, today);
  if (age > MAX_AGE || age < 0) return AUTH_MSG.birthInvalid;
  if (age < MIN_AGE) return AUTH_MSG.tooYoung;
  return null;
}
