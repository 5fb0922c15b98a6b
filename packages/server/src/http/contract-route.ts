/**
 * Registers an API call from its entry in the shared route table (`API` of @app/shared): method
 * and path, the auth guard, request validation, and the answer serialised through the response
 * schema, so keys the contract does not name are dropped. The handler is typed from the table:
 * parsed input in, whole envelope out. Tags, summary and error codes feed the OpenAPI docs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  API,
  type AnswerOf,
  type Endpoint,
  type InputOf,
  type RouteAuth,
  type RouteName,
  type RouteSpec,
} from '@app/shared';
import { staffGuards } from '../auth/staff-guards.js';
import type { SessionRead } from '../auth/session.repository.js';

export type ContractHandler<N extends RouteName> = (
  input: InputOf<N>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<AnswerOf<N>>;

function guardOf(app: FastifyInstance, auth: RouteAuth) {
  if (auth === 'public') return [];
  if (auth === 'member') return [app.authenticate];
  const { requireStaff, requireAdmin } = staffGuards(app);
  return [auth === 'staff' ? requireStaff : requireAdmin];
}

function schemaOf(name: string, def: RouteSpec & Endpoint): FastifySchema & { hide?: boolean } {
  const input = def.multipart
    ? { consumes: ['multipart/form-data'] }
    : def.request
      ? { [def.method === 'GET' ? 'querystring' : 'body']: def.request }
      : {};
  return {
    tags: [name.split('.')[0] ?? name],
    ...(def.summary ? { summary: def.summary } : {}),
    ...(def.hidden ? { hide: true } : {}),
    ...input,
    ...(def.params ? { params: def.params } : {}),
    response: {
      [def.status ?? 200]: def.response,
      ...(def.existingStatus ? { [def.existingStatus]: def.response } : {}),
    },
  };
}

export function contractRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: ContractHandler<N>,
  options: { sessionRead?: SessionRead } = {},
) {
  const def: RouteSpec & Endpoint = API[name];
  const status = def.status ?? 200;
  app.route({
    method: def.method,
    url: def.path,
    // An upload authenticates in its handler (readForm), once it knows where the token travels.
    preValidation: def.multipart ? [] : guardOf(app, def.auth),
    schema: schemaOf(name, def),
    config: {
      errorCodes: def.errors,
      ...(def.multipart ? { multipartForm: def.multipart } : {}),
      ...(options.sessionRead ? { sessionRead: options.sessionRead } : {}),
    },
    handler: async (req, reply) => {
      const request: unknown = def.method === 'GET' ? req.query : req.body;
      const params: unknown = req.params;
      // Both were validated (and coerced) by the route's schemas just above: the one place the
      // table's types meet Fastify's untyped request.
      const input = { ...objectOf(params), ...objectOf(request) } as InputOf<N>;
      void reply.status(status);
      return handler(input, req, reply);
    },
  });
}

const objectOf = (v: unknown): object => (v && typeof v === 'object' ? v : {});
