/**
 * The one error handler: AppError → its status and French message; schema validation → 400
 * with field errors; a value the database refuses → 400; anything unexpected → logged with the
 * request id, answered generically. Every refusal carries its code (`ApiErrorCode`) as `error`.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, type ApiErrorCode, type TFieldErrors } from '@app/shared';
import { AppError } from '../errors.js';
import { isDatabaseUnavailable } from '../db/db.js';

/**
 * SQLSTATEs by which the database refuses a value sent by the client (bad text encoding, a
 * number out of range, text it cannot read as the column's type): the request is at fault, so a
 * 400, never a 500 — the guard and the schemas should have caught it first.
 */
const BAD_DATA_SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (invalid byte sequence, NUL)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character (\u0000 or a lone surrogate in jsonb)
]);

function fieldErrorsOf(err: FastifyError): TFieldErrors {
  const fields: TFieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(err)) return fields;
  for (const v of err.validation) {
    const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (fields[key] ??= []).push(v.message ?? MSG.validation);
  }
  return fields;
}

/**
 * Fastify's own refusals before routing (a path that is not valid percent-encoded UTF-8, such as
 * an encoded lone surrogate): the envelope with a French message, not Fastify's English one
 * echoing the path.
 */
export function answerFrameworkError(err: FastifyError, _req: unknown, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  void reply.status(status).send({ success: false, message: MSG.invalidUrl, error: 'invalid_url' });
}

/** A refusal by Fastify itself (4xx without an AppError): its code and French message. */
function frameworkRefusal(status: number, code: string): [ApiErrorCode, string] {
  if (status === 413) return ['too_large', MSG.tooLarge];
  if (status === 429) return ['rate_limited', MSG.rateLimited];
  if (status === 404) return ['not_found', MSG.notFound];
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return ['invalid_json', MSG.invalidJson];
  return ['request_error', MSG.requestError];
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        success: false,
        message: err.message,
        error: err.code,
        ...(err.fields ? { errors: err.fields } : {}),
        ...err.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrorsOf(err);
      const first = Object.values(errors)[0]?.[0];
      return reply
        .status(400)
        .send({ success: false, message: first ?? MSG.validation, error: 'validation', errors });
    }
    if (!err.statusCode && BAD_DATA_SQLSTATES.has(err.code)) {
      req.log.warn({ err }, 'value refused by the database');
      return reply
        .status(400)
        .send({ success: false, message: MSG.invalidData, error: 'invalid_data' });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const [error, message] = frameworkRefusal(status, err.code);
      return reply.status(status).send({ success: false, message, error });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ success: false, message: MSG.unavailable, error: 'unavailable' });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ success: false, message: MSG.generic, error: 'internal' });
  });
}
