/**
 * Support contract (spec 2 "Support", §3–§9): the fixed list of reasons, ticket statuses with
 * their French badges, the ticket rule (reason required, description 10–2000 characters after
 * trimming) shared by the server and the form, payloads and the ticket as it leaves the server.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { countChars } from './announcements.js';

export const SUPPORT_DESCRIPTION_MIN = 10;
export const SUPPORT_DESCRIPTION_MAX = 2000;
export const SUPPORT_TICKETS_PER_PAGE = 20;

/** The reasons a member can pick, in the order the select shows them. */
export const SUPPORT_REASONS = {
  account: 'Problème de compte ou de connexion',
  payment: 'Paiement ou pièces',
  chat: 'Discussions et messages',
  profile: 'Profil et photos',
  report: 'Signaler un membre ou un contenu',
  bug: 'Bug ou problème technique',
  suggestion: 'Suggestion',
  other: 'Autre',
} as const;
export type TSupportReason = keyof typeof SUPPORT_REASONS;
export const SUPPORT_REASON_IDS = Object.keys(SUPPORT_REASONS) as TSupportReason[];

/** Ticket statuses and their badges (spec 2 §4); pending is the default. */
export const SUPPORT_STATUSES = {
  pending: 'En attente',
  in_progress: 'En cours',
  resolved: 'Résolu',
  closed: 'Fermé',
} as const;
export type TSupportStatus = keyof typeof SUPPORT_STATUSES;

export const SUPPORT_MSG = {
  reasonRequired: 'Veuillez sélectionner une raison',
  descriptionRequired: 'Veuillez décrire votre problème',
  descriptionTooShort: `La description doit contenir au moins ${SUPPORT_DESCRIPTION_MIN} caractères`,
  descriptionTooLong: `La description ne peut pas dépasser ${SUPPORT_DESCRIPTION_MAX} caractères`,
  created: 'Ticket de support créé avec succès !',
  createError: 'Erreur lors de la création du ticket',
  reasonsError: 'Erreur lors du chargement des raisons',
} as const;

export const isSupportReason = (id: string): id is TSupportReason => id in SUPPORT_REASONS;

/**
 * The ticket rule, field by field (first message of each), used by the server and the form.
 * Characters are counted as the database's check counts them (code points: an emoji is one).
 */
export function supportTicketErrors(
  reason: string,
  description: string,
): Partial<Record<'reason' | 'description', string>> {
  const errors: Partial<Record<'reason' | 'description', string>> = {};
  if (!reason || !isSupportReason(reason)) errors.reason = SUPPORT_MSG.reasonRequired;
  const text = description.trim();
  if (!text) errors.description = SUPPORT_MSG.descriptionRequired;
  else if (countChars(text) < SUPPORT_DESCRIPTION_MIN)
    errors.description = SUPPORT_MSG.descriptionTooShort;
  else if (countChars(text) > SUPPORT_DESCRIPTION_MAX)
    errors.description = SUPPORT_MSG.descriptionTooLong;
  return errors;
}

// --- payloads ------------------------------------------------------------------------------

const lazySchema = <T>(build: () => T): T => build();

const zReason = () => z.enum(SUPPORT_REASON_IDS as [TSupportReason, ...TSupportReason[]]);
const zStatus = () =>
  z.enum(Object.keys(SUPPORT_STATUSES) as [TSupportStatus, ...TSupportStatus[]]);

/** A ticket as its author sees it (spec 2 §3, plus the label and the staff's answer). */
export const ZSupportTicket = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number().int(),
    reason: zReason(),
    reason_label: z.string(),
    description: z.string(),
    status: zStatus(),
    /** The support team's answer, once they wrote one. */
    reply: z.string().nullable(),
    replied_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

export const ZSupportReasonItem = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: zReason(), label: z.string() }),
);
export type TSupportReasonItem = z.infer<typeof ZSupportReasonItem>;

/** POST /support/create. Length rules are judged by `supportTicketErrors` for French messages. */
export const ZCreateTicketRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: zText().optional(),
    reason: zText({ error: SUPPORT_MSG.reasonRequired }).max(40, SUPPORT_MSG.reasonRequired),
    description: zText({ error: SUPPORT_MSG.descriptionRequired }).max(
      SUPPORT_DESCRIPTION_MAX * 2,
      SUPPORT_MSG.descriptionTooLong,
    ),
  }),
);
export type TCreateTicketRequest = z.infer<typeof ZCreateTicketRequest>;

/** POST /support/my-tickets, paginated like every list. */
export const ZMyTicketsRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: zText().optional(),
      page: z.coerce.number().int().min(1, 'Page invalide').max(10_000).default(1),
      per_page: z.coerce.number().int().min(1).max(50).default(SUPPORT_TICKETS_PER_PAGE),
    })
    // A call without a body asks for the first page.
    .prefault({}),
);
