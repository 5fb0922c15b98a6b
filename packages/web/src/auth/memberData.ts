/**
 * What the app keeps on the device for one member, beside the session itself: a phone is often
 * shared, so all of it goes when the session ends (sign-out, or the server refusing it) and the
 * owner-tagged part (drafts, the offline outbox, the persisted screens) also when another
 * session starts. Each kept item of that part carries `sessionOwner()`, a short digest of the
 * session that wrote it, and is dropped, never used, under another session, should the clearing
 * not have happened (a closed tab, storage cleared only in part).
 */

/** localStorage keys starting with these hold one member's things. */
const OWNED_PREFIXES = ['chat-draft:', 'chat-outbox:'];
/** Per-member memories that carry no owner (harmless to lose, private to keep). */
const MEMBER_PREFIXES = [
  'scam-shield:',
  'reminders',
  'daily_reward_shown',
  'push_optin_dismissed_at',
];
const MEMBER_SESSION_KEYS = ['stories_viewed'];

/** IndexedDB databases and stores holding one member's things (database, store). */
export const MEMBER_STORES = {
  /** The persisted query cache (api/persistedCache). */
  screens: ['rencontre-screens', 'cache'],
  /** The bytes of photos and voice messages waiting in the outbox (lib/chats/outboxBlobs). */
  outboxBlobs: ['chat-outbox', 'blobs'],
} as const;

/**
 * A digest of the session token (53-bit cyrb53): tells sessions apart without keeping a copy of
 * the token next to what it tags.
 */
export function ownerOf(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function removeByPrefix(storage: Storage, prefixes: readonly string[]) {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && prefixes.some((p) => key.startsWith(p))) doomed.push(key);
  }
  doomed.forEach((key) => storage.removeItem(key));
}

/** Empties the member's IndexedDB stores; resolves once done (or refused: nothing to keep). */
async function clearMemberStores(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const { clear, createStore } = await import('idb-keyval');
    await Promise.all(
      Object.values(MEMBER_STORES).map(([db, store]) =>
        clear(createStore(db, store)).catch(() => undefined),
      ),
    );
  } catch {
    // No IndexedDB here (private mode): nothing was kept there either.
  }
}

/**
 * Forgets one member's things on this device: every per-member key when `all` (the session
 * ended), the owner-tagged ones otherwise (a session starts), and the IndexedDB stores.
 */
export function forgetMemberData({ all }: { all: boolean }): Promise<void> {
  try {
    removeByPrefix(localStorage, all ? [...OWNED_PREFIXES, ...MEMBER_PREFIXES] : OWNED_PREFIXES);
    if (all) MEMBER_SESSION_KEYS.forEach((key) => sessionStorage.removeItem(key));
  } catch {
    // Storage out of reach: nothing readable was kept there.
  }
  return clearMemberStores();
}
