/**
 * The OpenAPI description at /api/docs. Request schemas come from each route's zod schemas
 * (fastify-type-provider-zod); on top of that every operation documents the envelope that all
 * answers share and the error statuses it can produce, and an authenticated operation names the
 * bearer scheme (the token may also travel in the JSON body field `token`). Routes registered
 * from the shared route table (contract-route.ts) bring their whole success envelope as a
 * response schema and the error codes they may answer (`error` of a refusal); the others are
 * documented with the generic envelope.
 *
 * Upload routes read their multipart parts themselves (a body schema would make Fastify
 * validate a body it never parses), so they describe their fields with `multipartForm` in the
 * route config; this transform turns that into the documented request body.
 */
import type { FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ApiErrorCode, FormField } from '@app/shared';

const fieldErrors = {
  type: 'object',
  description: 'Messages en français par champ',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

const envelope = (success: boolean, description: string, codes?: readonly string[]) => ({
  description,
  type: 'object',
  required: ['success'],
  properties: {
    success: { type: 'boolean', enum: [success] },
    message: { type: 'string', description: 'Message en français' },
    ...(success ? { data: { description: 'Contenu de la réponse (voir la spécification)' } } : {}),
    ...(success
      ? {}
      : {
          errors: fieldErrors,
          error: {
            type: 'string',
            description: "Code de l'erreur",
            ...(codes ? { enum: codes } : {}),
          },
        }),
  },
});

/** The statuses every route can answer, and those of authenticated routes. */
const COMMON_ERRORS: Record<string, string> = {
  '400': 'Données invalides (errors donne le détail par champ)',
  '404': 'Introuvable, ou pas à vous',
  '413': 'Fichier ou requête trop volumineux',
  '422': 'Règle métier refusée',
  '429': 'Trop de tentatives',
  '500': 'Erreur interne (jamais de détail technique)',
};
const AUTH_ERRORS: Record<string, string> = {
  '401': 'Jeton absent, invalide ou révoqué (action redirect_login)',
  '403': 'Compte bloqué (account_blocked) ou accès refusé',
};

/** What a route's config tells the docs: upload fields, error codes from the route table. */
declare module 'fastify' {
  interface FastifyContextConfig {
    multipartForm?: Record<string, FormField>;
    errorCodes?: readonly ApiErrorCode[];
  }
}

/** The codes any call may answer (guards, limits, framework refusals). */
const COMMON_CODES: readonly ApiErrorCode[] = [
  'validation',
  'invalid_json',
  'invalid_data',
  'not_found',
  'too_large',
  'rate_limited',
  'unauthenticated',
  'forbidden',
  'account_blocked',
  'hostile_text',
  'unavailable',
  'internal',
];

/** Whether the route runs an authentication hook before validation. */
function isAuthenticated(preValidation: unknown): boolean {
  return Array.isArray(preValidation) ? preValidation.length > 0 : Boolean(preValidation);
}

function formBody(fields: Record<string, FormField>) {
  const all: Record<string, FormField> = {
    token: { description: 'Jeton de session, si aucun en-tête Authorization: Bearer' },
    ...fields,
  };
  const required = Object.keys(all).filter((name) => all[name]?.required);
  return {
    type: 'object',
    // OpenAPI 3.0 wants a non-empty list, or none.
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(
      Object.entries(all).map(([name, f]) => [
        name,
        f.file
          ? { type: 'string', format: 'binary', description: f.description }
          : { type: 'string', description: f.description },
      ]),
    ),
  };
}

export const documentRoute: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  // Routes outside the JSON API (the web app, uploads, the dev outbox) stay as they are.
  const schema: (FastifySchema & { hide?: boolean }) | undefined =
    transformed.schema ?? (document.url.startsWith('/api/') ? {} : undefined);
  if (!schema || schema.hide) return transformed;
  const config = document.route.config;
  const form = config?.multipartForm;
  // An upload authenticates inside its handler, once it knows where the token travels.
  const authenticated = Boolean(form) || isAuthenticated(document.route.preValidation);
  const errors = { ...COMMON_ERRORS, ...(authenticated ? AUTH_ERRORS : {}) };
  const codes = config?.errorCodes ? [...COMMON_CODES, ...config.errorCodes] : undefined;
  const own = schema.response && typeof schema.response === 'object' ? schema.response : null;
  const response: Record<string, unknown> = {
    ...(own ? {} : { '200': envelope(true, 'Succès') }),
    ...Object.fromEntries(Object.entries(errors).map(([s, d]) => [s, envelope(false, d, codes)])),
    ...own,
  };
  return {
    url: transformed.url,
    schema: {
      ...schema,
      ...(form ? { body: formBody(form) } : {}),
      response,
      ...(authenticated ? { security: [{ bearer: [] }] } : {}),
    },
  };
};
