/**
 * GET /api/media/<private key>: a chat photo or voice message behind a signed, expiring link.
 * Registered from the route table ('media.file'); the answer is the file's bytes, not JSON. The
 * file of a deleted message kept for the moderators (evidence kept) is not served any more.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { getPhotoFile } from '../../adapters/images/photos.js';
import { isValidStorageKey } from '../../adapters/storage/storage.js';
import { contractRoute } from '../../http/contract-route.js';
import { verifyMediaSignature } from './media.js';
import { isKeptForModerators } from './message-originals.repository.js';

const NOT_FOUND = { success: false, message: 'Fichier introuvable' };

const notFound = (reply: FastifyReply) =>
  reply.status(404).header('Cache-Control', 'no-store').send(NOT_FOUND);

export async function mediaRoutes(app: FastifyInstance) {
  contractRoute(app, 'media.file', async (input, _req, reply) => {
    const key = input['*'];
    const exp = Number(input.exp);
    reply.header('X-Content-Type-Options', 'nosniff');
    if (
      !key.startsWith('private/') ||
      !isValidStorageKey(key) ||
      !verifyMediaSignature(app.deps, key, exp, input.sig ?? '') ||
      (await isKeptForModerators(app.deps.db, key))
    ) {
      return notFound(reply);
    }
    // A photo sent before lite cards existed gets its lite card drawn from its card.
    const file = await getPhotoFile(app.deps.storage, key);
    if (!file) return notFound(reply);
    const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
    return reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
      .header('ETag', `"${crypto.createHash('sha1').update(key).digest('base64url')}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(file.body);
  });
}
