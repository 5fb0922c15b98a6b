/**
 * The OpenAPI description at /api/docs. Request schemas come from each route's zod schemas
 * (fastify-type-provider-zod); on top of that every operation documents the envelope that all
 * answers share and the error statuses it can produce, and an authenticated operation names the
 * bearer scheme (the token may also travel in the JSON body field `token`). Routes keep no
 * response schema for serialisation: their presenters are the allowlist of what leaves the
 * server, and the envelope here says how it is wrapped.
 *
 * Upload routes read their multipart parts themselves (a body schema would make Fastify
 * validate a body it never parses), so they describe their fields with `multipartForm` in the
 * route config; this transform turns that into the documented request body.
 */
import type { FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const fieldErrors = {
  type: 'object',
  description: 'Messages en français par champ',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

const envelope = (success: boolean, description: string) => ({
  description,
  type: 'object',
  required: ['success'],
  properties: {
    success: { type: 'boolean', enum: [success] },
    message: { type: 'string', description: 'Message en français' },
    ...(success ? { data: { description: 'Contenu de la réponse (voir la spécification)' } } : {}),
    ...(success ? {} : { errors: fieldErrors, code: { type: 'string' } }),
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

/** Whether the route runs an authentication hook before validation. */
function isAuthenticated(preValidation: unknown): boolean {
  return Array.isArray(preValidation) ? preValidation.length > 0 : Boolean(preValidation);
}

export interface FormField {
  description: string;
  /** A file part rather than a text field. */
  file?: boolean;
  required?: boolean;
}

/**
 * The route options of an upload: it consumes multipart/form-data, and its fields (besides the
 * `token`, which every upload takes unless a bearer header is sent) are documented.
 */
export function multipartForm(tags: string[], fields: Record<string, FormField>) {
  return {
    schema: { tags, consumes: ['multipart/form-data'] },
    config: { multipartForm: fields },
  };
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
  const form = (document.route.config as { multipartForm?: Record<string, FormField> } | undefined)
    ?.multipartForm;
  // An upload authenticates inside its handler, once it knows where the token travels.
  const authenticated = Boolean(form) || isAuthenticated(document.route.preValidation);
  const errors = { ...COMMON_ERRORS, ...(authenticated ? AUTH_ERRORS : {}) };
  const response: Record<string, unknown> = {
    '200': envelope(true, 'Succès'),
    ...Object.fromEntries(Object.entries(errors).map(([s, d]) => [s, envelope(false, d)])),
    ...(schema.response && typeof schema.response === 'object' ? schema.response : {}),
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
