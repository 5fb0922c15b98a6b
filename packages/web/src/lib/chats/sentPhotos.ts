/**
 * Photos this phone has just sent, shown from its own bytes instead of downloaded back from the
 * server (issue 26: seeing one's own photo cost 11 KB more of mobile data). In memory only: the
 * newest few, released when the session ends; after a reload the server's copy is shown.
 */
import { onSessionEnd } from '../../auth/session';

const KEPT = 12;
/** By the message's client id: the stored copy may arrive by realtime before the answer. */
const urls = new Map<string, string>();

onSessionEnd(() => {
  urls.forEach((url) => URL.revokeObjectURL(url));
  urls.clear();
});

/** The photo message sent under `clientId` has the bytes `blob`. */
export function keepSentPhoto(clientId: string, blob: Blob): void {
  if (urls.has(clientId) || typeof URL.createObjectURL !== 'function') return;
  urls.set(clientId, URL.createObjectURL(blob));
  for (const [id, url] of urls) {
    if (urls.size <= KEPT) break;
    URL.revokeObjectURL(url);
    urls.delete(id);
  }
}

/** A local address for the photo message sent from this phone under `clientId`, if kept. */
export function sentPhotoOf(clientId: string | null | undefined): string | undefined {
  return clientId ? urls.get(clientId) : undefined;
}
