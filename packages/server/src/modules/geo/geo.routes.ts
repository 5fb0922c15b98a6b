/**
 * GET /api/geo/locate: the caller's approximate place from their IP, to pre-fill the wizard's
 * locality as 'city, country'. No auth (the wizard runs before the profile exists); req.ip
 * honours TRUST_PROXY. Any field may be null.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Belongs in packages/shared (ZGeoLocateResponse) for the web client.
const nullableText = z.string().nullable();
export const ZGeoLocateResponse = z.object({
  success: z.literal(true),
  data: z.object({
    locality: nullableText,
    city: nullableText,
    country: nullableText,
    country_code: nullableText,
  }),
});

export async function geoRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/geo/locate',
      { schema: { tags: ['geo'], response: { 200: ZGeoLocateResponse } } },
      async (req, reply) => {
        const { locality, city, country, country_code } = await app.geoLocator.locate(req.ip);
        reply.header('Cache-Control', 'private, no-store');
        return { success: true as const, data: { locality, city, country, country_code } };
      },
    );
}
