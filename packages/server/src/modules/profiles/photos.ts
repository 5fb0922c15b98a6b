/** Member photos through the image pipeline and the storage adapter. */
import type { FastifyInstance } from 'fastify';
import { photoUrls, storePhoto } from '../../adapters/images/photos.js';

export async function savePhoto(
  app: FastifyInstance,
  buffer: Buffer,
  userId: number,
): Promise<string> {
  const { key } = await storePhoto(app.storage, buffer, `u${userId}`);
  return key;
}

export function photoUrlsOf(app: FastifyInstance, key: string | null) {
  return key ? photoUrls(app.storage, key) : null;
}
