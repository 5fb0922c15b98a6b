/**
 * GET /uploads/<key>: stored files (photos, voice messages) read through the storage adapter,
 * local or S3 without a public URL. Keys are never reused, so answers are cached for a year and
 * a revalidation is answered 304 without touching the storage. A photo stored before lite cards
 * existed gets its lite card drawn from its card on the first request for it.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getPhotoFile } from '../adapters/images/photos.js';
import { UPLOADS_PATH, isValidStorageKey } from '../adapters/storage/storage.js';

const UPLOAD_NOT_FOUND = 'Fichier introuvable';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(reply: FastifyReply) {
  return reply
    .status(404)
    .header('Cache-Control', 'no-store')
    .send({ success: false, message: UPLOAD_NOT_FOUND });
}

export async function uploadsPlugin(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_PATH}/*`,
    { schema: { hide: true } },
    async (req, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const key = req.params['*'];
      // Chat media live under private/ and only leave through signed links (/api/media);
      // verification selfies (selfies/) leave only through the console's audited reading.
      if (!isValidStorageKey(key) || key.startsWith('private/') || key.startsWith('selfies/')) {
        return notFound(reply);
      }
      // The key names one immutable content, so it can serve as the validator.
      const etag = `"${crypto.createHash('sha1').update(key).digest('base64url')}"`;
      if (req.headers['if-none-match'] === etag) {
        return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
      }
      const file = await getPhotoFile(app.deps.storage, key);
      if (!file) return notFound(reply);
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Cache-Control', IMMUTABLE)
          .header('ETag', etag)
          // A stored file is never a page: no scripts even if someone managed to store HTML.
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(file.body)
      );
    },
  );
}
