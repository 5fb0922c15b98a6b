/** Member photos through the image pipeline and the storage adapter. */
import type { Deps } from '../../deps.js';
import { photoUrls, storePhoto } from '../../adapters/images/photos.js';

export async function savePhoto(
  deps: Pick<Deps, 'storage'>,
  buffer: Buffer,
  userId: number,
): Promise<string> {
  const { key } = await storePhoto(deps.storage, buffer, `u${userId}`);
  return key;
}

export function photoUrlsOf(deps: Pick<Deps, 'storage'>, key: string | null) {
  return key ? photoUrls(deps.storage, key) : null;
}
