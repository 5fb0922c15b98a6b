/**
 * The safety net behind the schemas: before validation, every request's body, query string and
 * path parameters (and, through readAuthenticatedForm, every multipart field) are searched for
 * NUL characters and lone surrogates, which are refused with a 400 naming the field. A schema
 * that forgot `zText` (or a passthrough object) therefore cannot carry one into the database.
 */
import type { FastifyInstance } from 'fastify';
import { TEXT_MSG, findHostileText } from '@app/shared';
import { AppError } from '../errors.js';

/** Throws a 400 naming the first field of any part that holds hostile text. */
export function refuseHostileText(parts: Record<string, unknown>) {
  for (const [where, value] of Object.entries(parts)) {
    const found = findHostileText(value);
    if (!found) continue;
    // Fastify names a wildcard route's path `*`: the member knows it as the address.
    const field = found.field === '*' ? TEXT_MSG.pathField : found.field || where;
    throw new AppError('hostile_text', TEXT_MSG.inField(field, found.problem), {
      status: 400,
      fields: { [field]: [TEXT_MSG.inThisField(found.problem)] },
    });
  }
}

export function registerHostileTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    refuseHostileText({ body: req.body, query: req.query, params: req.params });
  });
}
