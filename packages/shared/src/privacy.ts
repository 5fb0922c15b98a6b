/**
 * Privacy settings (issue 29): what a member hides from others and who may write to them. One
 * row per member in `member_settings`, created at the first change; a member without a row has
 * the defaults. The server enforces each setting in the answers and events others receive; the
 * « Confidentialité » screen shows them with these labels.
 */
import { z } from 'zod';
import { zText } from './text.js';

const lazySchema = <T>(build: () => T): T => build();

/** « Qui peut m'écrire » : everyone, or only matches (and the chats the member started). */
export const WHO_CAN_MESSAGE = ['everyone', 'matches'] as const;
export type TWhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];

export const ZMemberSettings = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Others see the town, never a distance (swipes, nearby, profiles). */
    hide_distance: z.boolean(),
    /** No « En ligne » and no last-seen time for me; I no longer see others' either. */
    hide_online: z.boolean(),
    /** Off: my « Lu » is not sent, and I no longer see others'. */
    read_receipts: z.boolean(),
    who_can_message: z.enum(WHO_CAN_MESSAGE),
    /** Off the map and the nearby list (still in swipes). */
    hide_from_nearby: z.boolean(),
    /** « Seuls les profils vérifiés peuvent m'écrire » (issue 28). */
    verified_only_messages: z.boolean(),
    /** Off: nobody can call me (issue 30). */
    receive_calls: z.boolean(),
  }),
);
export type TMemberSettings = z.infer<typeof ZMemberSettings>;

/** A member who never changed anything. */
export const DEFAULT_MEMBER_SETTINGS: TMemberSettings = {
  hide_distance: false,
  hide_online: false,
  read_receipts: true,
  who_can_message: 'everyone',
  hide_from_nearby: false,
  verified_only_messages: false,
  receive_calls: true,
};

export const PRIVACY_MSG = {
  saved: 'Paramètres de confidentialité enregistrés',
  nothingToChange: 'Aucun paramètre à modifier',
  mustBeYesNo: 'Valeur attendue : oui ou non',
  whoCanMessageInvalid: 'Choisissez « Tout le monde » ou « Mes matchs uniquement »',
  /** A new chat refused by the other member's « Qui peut m'écrire ». */
  matchesOnly: "Ce membre n'accepte de nouveaux messages que de ses matchs.",
  /** A new chat with a member the scam shield holds until a moderator has reviewed them. */
  heldReceiver: 'Ce membre ne peut pas recevoir de nouvelle discussion pour le moment.',
} as const;

/** The screen's labels (issue 29), word for word. */
export const PRIVACY_LABELS = {
  title: 'Confidentialité',
  hide_distance: 'Masquer ma distance',
  hide_online: 'Masquer mon statut en ligne',
  read_receipts: 'Confirmations de lecture',
  who_can_message: "Qui peut m'écrire",
  hide_from_nearby: 'Ne pas apparaître à proximité',
  verified_only_messages: "Seuls les profils vérifiés peuvent m'écrire",
  receive_calls: 'Recevoir des appels',
  everyone: 'Tout le monde',
  matches: 'Mes matchs uniquement',
} as const;

const yesNo = () => z.boolean({ error: PRIVACY_MSG.mustBeYesNo }).optional();

/** PATCH /me/settings: any of the settings, at least one. */
export const ZMemberSettingsUpdate = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: zText().optional(),
      hide_distance: yesNo(),
      hide_online: yesNo(),
      read_receipts: yesNo(),
      who_can_message: z
        .enum(WHO_CAN_MESSAGE, { error: PRIVACY_MSG.whoCanMessageInvalid })
        .optional(),
      hide_from_nearby: yesNo(),
      verified_only_messages: yesNo(),
      receive_calls: yesNo(),
    })
    .refine(
      (v) =>
        v.hide_distance !== undefined ||
        v.hide_online !== undefined ||
        v.read_receipts !== undefined ||
        v.who_can_message !== undefined ||
        v.hide_from_nearby !== undefined ||
        v.verified_only_messages !== undefined ||
        v.receive_calls !== undefined,
      { error: PRIVACY_MSG.nothingToChange },
    ),
);
export type TMemberSettingsUpdate = z.infer<typeof ZMemberSettingsUpdate>;
