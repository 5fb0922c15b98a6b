/** Member photo addresses for the own profile's presenter. */
import type { Deps } from '../../deps.js';
import { photoUrls } from '../../adapters/images/photos.js';

export function photoUrlsOf(deps: Pick<Deps, 'storage'>, key: string | null) {
  return key ? photoUrls(deps.storage, key) : null;
}
