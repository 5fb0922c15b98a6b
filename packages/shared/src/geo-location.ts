/** GET /api/geo/locate: the caller's approximate place from their IP (any field may be null). */
import { z } from 'zod';

const lazySchema = <T>(build: () => T): T => build();

const nullableText = () => z.string().nullable();

export const ZGeoLocation = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** 'city, country', ready for the wizard's locality field. */
    locality: nullableText(),
    city: nullableText(),
    country: nullableText(),
    country_code: nullableText(),
  }),
);
export type TGeoLocation = z.infer<typeof ZGeoLocation>;
