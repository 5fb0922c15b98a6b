/** The one answer shape of every API call: { success, message, data, errors }. */
import { z } from 'zod';

export const ZFieldErrors = z.record(z.string(), z.array(z.string()));
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

export interface TEnvelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
  errors?: TFieldErrors;
  [extra: string]: unknown;
}

/**
 * The zod schema of a whole success answer around `data`. Unknown keys are dropped when parsed;
 * the spec's extra top-level fields are added with `.extend({ … })`.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string().optional(),
    data: data.optional(),
    errors: ZFieldErrors.optional(),
  });
}

/** A paginated list: `pagination.has_more` tells the client to ask for the next page. */
export const ZPagination = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
export type TPagination = z.infer<typeof ZPagination>;

/** Page query shared by every list call: page from 1, per_page capped at 50. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page invalide').max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).optional(),
});

/** The answer of a paginated list: `data` is the page's items, `pagination` says if more. */
export const pagedEnvelopeOf = <T extends z.ZodType>(item: T) =>
  envelopeOf(z.array(item)).extend({ pagination: ZPagination });
