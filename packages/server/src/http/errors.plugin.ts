/**
 * The one error handler: AppError → its status and French message; schema validation → 400
 * with field errors; anything unexpected → logged with the request id, answered generically.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, type TFieldErrors } from '@app/shared';
import { AppError } from '../errors.js';

function fieldErrorsOf(err: FastifyError): TFieldErrors {
  const fields: TFieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(err)) return fields;
  for (const v of err.validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (fields[key] ??= []).push(v.message ?? MSG.validation);
  }
  return fields;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        success: false,
        message: err.message,
        ...(err.fields ? { errors: err.fields } : {}),
        ...err.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrorsOf(err);
      const first = Object.values(errors)[0]?.[0];
      return reply.status(400).send({ success: false, message: first ?? MSG.validation, errors });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message =
        status === 413
          ? MSG.tooLarge
          : status === 429
            ? MSG.rateLimited
            : status === 404
              ? MSG.notFound
              : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
                  err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? MSG.invalidJson
                : MSG.requestError;
      return reply.status(status).send({ success: false, message });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ success: false, message: MSG.generic });
  });
}
