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
