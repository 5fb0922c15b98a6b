/** GET /api/media/<private key>: a chat photo or voice message behind a signed, expiring link. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidStorageKey } from '../../adapters/storage/storage.js';
import { verifyMediaSignature } from './media.js';

const NOT_FOUND = { success: false, message: 'Fichier introuvable' };

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/media/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.params['*'];
      const exp = Number(req.query.exp);
      const sig = String(req.query.sig ?? '');
      reply.header('X-Content-Type-Options', 'nosniff');
      if (
        !key.startsWith('private/') ||
        !isValidStorageKey(key) ||
        !verifyMediaSignature(app, key, exp, sig)
      ) {
        return reply.status(404).header('Cache-Control', 'no-store').send(NOT_FOUND);
      }
      const file = await app.storage.get(key);
      if (!file) return reply.status(404).header('Cache-Control', 'no-store').send(NOT_FOUND);
      const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
      return reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .header('ETag', `"${crypto.createHash('sha1').update(key).digest('base64url')}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.body);
    },
  );
}
