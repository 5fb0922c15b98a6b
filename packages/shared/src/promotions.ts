/**
 * Promotions sent from the console (the `promotion` notification, 'Offre spéciale'): the message
 * rule (10–200 characters after trimming, counted as code points like the form's counter), the
 * audiences, the repeat window that stops an accidental double-send, the request and the French
 * texts the server and the console share.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { countChars } from './announcements.js';
import { MSG } from './messages.js';

export const PROMOTION_MESSAGE_MIN = 10;
export const PROMOTION_MESSAGE_MAX = 200;
/** The same message to the same audience within this many minutes is refused (409). */
export const PROMOTION_REPEAT_WINDOW_MIN = 10;
/** `inactive_7d`: members not seen for this many days (or never seen). */
export const PROMOTION_INACTIVE_DAYS = 7;

export const PROMOTION_AUDIENCES = ['all', 'inactive_7d'] as const;
export type TPromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

export const PROMOTION_MSG = {
  messageRequired: 'Le message est requis',
  messageTooShort: `Le message doit contenir au moins ${PROMOTION_MESSAGE_MIN} caractères`,
  messageTooLong: `Le message ne peut pas dépasser ${PROMOTION_MESSAGE_MAX} caractères`,
  audienceInvalid: 'Destinataires invalides',
  repeated: `Cette promotion vient d'être envoyée à ces membres. Attendez ${PROMOTION_REPEAT_WINDOW_MIN} minutes avant de la renvoyer.`,
  sent: (n: number) => `Promotion envoyée à ${n} ${n > 1 ? 'membres' : 'membre'}`,
} as const;

/** The message rule (the text as typed; it is trimmed first), or null when it passes. */
export function promotionMessageError(message: string): string | null {
  const length = countChars(message.trim());
  if (length === 0) return PROMOTION_MSG.messageRequired;
  if (length < PROMOTION_MESSAGE_MIN) return PROMOTION_MSG.messageTooShort;
  if (length > PROMOTION_MESSAGE_MAX) return PROMOTION_MSG.messageTooLong;
  return null;
}

// Built inside calls marked pure: the console imports the rule above and only the types below,
// so the bundler drops these calls and zod stays out of the browser.
const lazySchema = <T>(build: () => T): T => build();

/** POST /api/admin/promotions. */
export const ZPromotionRequest = /* @__PURE__ */ lazySchema(() =>
  z.object(
    {
      message: zText({ error: PROMOTION_MSG.messageRequired })
        .trim()
        .superRefine((text, ctx) => {
          const problem = promotionMessageError(text);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      audience: z.enum(PROMOTION_AUDIENCES, { error: PROMOTION_MSG.audienceInvalid }),
    },
    { error: MSG.validation },
  ),
);
export type TPromotionRequest = z.infer<typeof ZPromotionRequest>;

/** Its answer's data: how many members were notified. */
export const ZPromotionResult = /* @__PURE__ */ lazySchema(() => z.object({ sent: z.number() }));
export type TPromotionResult = z.infer<typeof ZPromotionResult>;
