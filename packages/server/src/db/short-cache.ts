/**
 * A few seconds' memory of database reads that the light calls make on every request (who
 * holds a session token, a member's own profile). Bounded in size and in age. Entries carry
 * tags (a member, a session) and are forgotten by tag at once; a read still on its way from the
 * database when its tag is forgotten is not kept either, so a value read before a change is
 * never remembered after the change was announced. Whatever announcement is lost, nothing is
 * remembered longer than `ttlMs`.
 */

export interface ShortCache<V> {
  /** The remembered value, if younger than the time to live. */
  get(key: string): V | undefined;
  /**
   * Runs `read` and remembers its answer under `key`, unless it is undefined, `keep` refuses it,
   * or one of its tags was forgotten while `read` ran. Answers what `read` answered.
   */
  remember(key: string, read: () => Promise<V | undefined>): Promise<V | undefined>;
  /** The remembered value of `key`, or else `read`'s answer, remembered (`remember`). */
  find(key: string, read: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Forgets every value tagged `tag`, and every read of one still running. */
  forget(tag: string): void;
  readonly size: number;
}

export interface ShortCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** The tags of a value: what, once changed, makes it wrong (`member:12`, `session:40`). */
  tagsOf(value: V): string[];
  /** Whether a value may be remembered at all (a blocked member's session is not). */
  keep?(value: V): boolean;
  now?(): number;
}

interface Entry<V> {
  value: V;
  tags: string[];
  expiresAt: number;
}

export function createShortCache<V>(opts: ShortCacheOptions<V>): ShortCache<V> {
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  // When each tag was last forgotten (a step of `clock`, and the time): reads begun before that
  // step are not kept. Marks older than the time to live are dropped: no read kept is older.
  const forgotten = new Map<string, { step: number; at: number }>();
  let clock = 0;
  // Reads begun before this step are not kept: a young mark had to be dropped for room.
  let floor = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function store(key: string, value: V, tags: string[], at: number) {
    drop(key);
    // The oldest entry makes room (Map keeps insertion order).
    if (entries.size >= opts.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) drop(oldest.value);
    }
    entries.set(key, { value, tags, expiresAt: at + opts.ttlMs });
    for (const tag of tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  const forgottenSince = (tags: string[], step: number) =>
    step < floor || tags.some((tag) => (forgotten.get(tag)?.step ?? -1) > step);

  function pruneMarks(at: number) {
    for (const [tag, mark] of forgotten) {
      const young = at - mark.at < opts.ttlMs;
      if (young && forgotten.size <= opts.maxEntries) break;
      if (young) floor = clock;
      forgotten.delete(tag);
    }
  }

  function get(key: string): V | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now()) return entry.value;
    drop(key);
    return undefined;
  }

  async function remember(key: string, read: () => Promise<V | undefined>) {
    const step = clock;
    const startedAt = now();
    const value = await read();
    if (value === undefined || (opts.keep && !opts.keep(value))) return value;
    const at = now();
    const tags = opts.tagsOf(value);
    // A read slower than the time to live may have missed a mark already dropped.
    if (at - startedAt < opts.ttlMs && !forgottenSince(tags, step)) store(key, value, tags, at);
    return value;
  }

  return {
    get,
    remember,
    find(key, read) {
      const known = get(key);
      return known === undefined ? remember(key, read) : Promise.resolve(known);
    },
    forget(tag) {
      const at = now();
      clock += 1;
      forgotten.delete(tag);
      forgotten.set(tag, { step: clock, at });
      pruneMarks(at);
      for (const key of [...(keysByTag.get(tag) ?? [])]) drop(key);
    },
    get size() {
      return entries.size;
    },
  };
}
