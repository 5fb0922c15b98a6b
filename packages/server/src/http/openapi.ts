/**
 * The OpenAPI description at /api/docs. Request schemas come from each route's zod schemas
 * (fastify-type-provider-zod); on top of that every operation documents the envelope that all
 * answers share and the error statuses it can produce, and an authenticated operation names the
 * bearer scheme (the token may also travel in the JSON body field `token`). Routes keep no
 * response schema for serialisation: their presenters are the allowlist of what leaves the
 * server, and the envelope here says how it is wrapped.
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

export const documentRoute: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  // Routes outside the JSON API (the web app, uploads, the dev outbox) stay as they are.
  const schema: (FastifySchema & { hide?: boolean }) | undefined =
    transformed.schema ?? (document.url.startsWith('/api/') ? {} : undefined);
  if (!schema || schema.hide) return transformed;
  const authenticated = isAuthenticated(document.route.preValidation);
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
      response,
      ...(authenticated ? { security: [{ bearer: [] }] } : {}),
    },
  };
};
