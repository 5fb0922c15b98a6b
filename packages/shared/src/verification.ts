/**
 * Profile verification (issue 28): the poses the server draws two of, the states a member sees,
 * the reasons a moderator refuses with, the daily limit, the French texts, and the payloads.
 */
import { z } from 'zod';
import { zText } from './text.js';

const lazySchema = <T>(build: () => T): T => build();
const token = () => zText().optional();

/** The poses, each a French instruction; the app draws each as a small figure. */
export const VERIFICATION_POSES = {
  left_hand_face: 'Levez la main gauche à côté du visage',
  right_hand_face: 'Levez la main droite à côté du visage',
  thumb_up: 'Levez le pouce devant vous',
  peace_sign: 'Faites le V de la victoire avec deux doigts',
  hand_on_head: 'Posez une main sur le haut de votre tête',
  touch_nose: "Touchez votre nez avec l'index",
  hand_on_chin: 'Posez la main sous votre menton',
  look_left: 'Tournez la tête vers votre gauche',
  three_fingers: 'Montrez trois doigts',
  wave: 'Faites un signe de la main, paume ouverte',
} as const;
export type TVerificationPose = keyof typeof VERIFICATION_POSES;
export const VERIFICATION_POSE_KEYS = Object.keys(VERIFICATION_POSES) as [
  TVerificationPose,
  ...TVerificationPose[],
];
export const VERIFICATION_POSES_ASKED = 2;
/** Selfies a member may submit per day (Africa/Ouagadougou is UTC). */
export const VERIFICATION_TRIES_PER_DAY = 3;

export const VERIFICATION_REFUSAL_REASONS = {
  pose_not_done: 'Les poses demandées ne sont pas faites',
  face_not_visible: "Le visage n'est pas bien visible",
  not_same_person: "La personne des selfies n'est pas celle des photos du profil",
  several_people: 'Plusieurs personnes sur les selfies',
  not_live: "Les selfies ne sont pas pris sur le moment (photo d'écran ou d'une photo)",
  duplicate: 'Ce selfie a déjà servi à vérifier un autre compte',
} as const;
export type TVerificationRefusalReason = keyof typeof VERIFICATION_REFUSAL_REASONS;
/** The reasons a moderator picks from (the duplicate one is the server's own). */
export const MODERATOR_REFUSAL_REASONS = [
  'pose_not_done',
  'face_not_visible',
  'not_same_person',
  'several_people',
  'not_live',
] as const satisfies readonly TVerificationRefusalReason[];

export const VERIFICATION_STATES = ['none', 'pending', 'verified', 'refused'] as const;
export type TVerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_MSG = {
  menuEntry: 'Vérifier mon profil',
  badge: 'Profil vérifié',
  pending: 'Vérification en cours',
  verified: 'Profil vérifié',
  refused: 'Vérification refusée',
  submitted: 'Selfies envoyés : un modérateur les examine',
  tooManyTries: `Vous avez déjà fait ${VERIFICATION_TRIES_PER_DAY} demandes de vérification aujourd'hui. Réessayez demain.`,
  alreadyPending: 'Une vérification est déjà en cours',
  alreadyVerified: 'Votre profil est déjà vérifié',
  noPoses: "Demandez d'abord les poses à faire",
  selfiesRequired: 'Prenez les deux selfies demandés',
  noPhoto: "Ajoutez d'abord une photo de profil",
  duplicate: VERIFICATION_REFUSAL_REASONS.duplicate,
  notFound: 'Demande de vérification introuvable',
  alreadyDecided: 'Cette demande a déjà été traitée',
  photosChanged:
    'Les photos du profil ont changé depuis la demande : refusez-la pour que le membre recommence',
  approved: 'Profil vérifié',
  approvedNotice: 'Profil vérifié : le badge est maintenant sur votre profil.',
  refusedDone: 'Vérification refusée',
  verifiedOnlyRefusal:
    "Ce membre n'accepte les messages que des profils vérifiés. Vérifiez votre profil pour lui écrire.",
  fakeProfileHold:
    'Plusieurs membres ont signalé votre profil comme faux. Vérifiez votre profil pour démarrer de nouvelles conversations.',
  policy:
    "vos selfies de vérification ne sont vus que par nos modérateurs, jamais par les autres membres, et sont effacés de nos serveurs dès que la demande est traitée ; nous n'en gardons qu'une empreinte, qui empêche de les réutiliser pour un autre compte.",
} as const;

/** Reports « Faux profil » from different members that ask the member to verify. */
export const FAKE_PROFILE_REPORTS_HOLD = 3;

/** `data` of POST /verification: what the screen shows. */
export const ZVerificationStatus = /* @__PURE__ */ lazySchema(() =>
  z.object({
    state: z.enum(VERIFICATION_STATES),
    /** The refusal's French reason, when refused. */
    reason: z.string().nullable(),
    /** The poses drawn for the next selfies (none while pending or verified). */
    poses: z.array(z.object({ key: z.enum(VERIFICATION_POSE_KEYS), text: z.string() })),
    tries_left_today: z.number(),
  }),
);
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

export const ZVerificationRequest = /* @__PURE__ */ lazySchema(() =>
  z.preprocess((v) => v ?? {}, z.object({ token: token() })),
);
