/**
 * The photo and voice bytes of messages waiting in the outbox, by the item's local id: in memory
 * for this session, and in IndexedDB (best effort) so they survive a reload or a closed tab.
 * Stored as bytes plus type rather than as a Blob: older WebKit could not keep Blobs there.
 */

const DB_NAME = 'chat-outbox';
const STORE = 'blobs';

const memory = new Map<string, Blob>();
/** Saves still being written, so a deletion never lands before its save. */
const saving = new Map<string, Promise<unknown>>();
let opening: Promise<IDBDatabase | null> | null = null;

interface StoredBlob {
  type: string;
  bytes: ArrayBuffer;
}

function openDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** One request on the store, answered once its transaction committed; null when refused. */
async function run<T>(
  mode: IDBTransactionMode,
  call: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const req = call(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

const isStoredBlob = (v: unknown): v is StoredBlob =>
  !!v &&
  typeof v === 'object' &&
  'bytes' in v &&
  v.bytes instanceof ArrayBuffer &&
  'type' in v &&
  typeof v.type === 'string';

/** Keeps the bytes: at once in memory, then on disk. */
export function saveOutboxBlob(localId: string, blob: Blob): Promise<unknown> {
  memory.set(localId, blob);
  const save = blob
    .arrayBuffer()
    .then((bytes) => {
      const stored: StoredBlob = { type: blob.type, bytes };
      return run('readwrite', (s) => s.put(stored, localId));
    })
    .catch(() => null)
    .finally(() => saving.delete(localId));
  saving.set(localId, save);
  return save;
}

/** The bytes of a waiting message, or null when they could not be kept. */
export async function loadOutboxBlob(localId: string): Promise<Blob | null> {
  const kept = memory.get(localId);
  if (kept) return kept;
  const stored: unknown = await run('readonly', (s) => s.get(localId));
  if (!isStoredBlob(stored)) return null;
  const blob = new Blob([stored.bytes], { type: stored.type });
  memory.set(localId, blob);
  return blob;
}

export function deleteOutboxBlob(localId: string): void {
  memory.delete(localId);
  const pending = saving.get(localId) ?? Promise.resolve();
  void pending.then(() => run('readwrite', (s) => s.delete(localId)));
}
