/**
 * What a change notice is (db/changes.ts announces them): its kinds, the channel they travel
 * on, the statement that sends them and how a payload is read back. No imports, so the
 * connection (db/kysely.ts) and the feed (db/change-feed.ts) can both use it.
 */
/**
 * - `session`: that session ended (sign-out): forget its lookups, close its sockets.
 * - `member`: what the member's own profile shows changed (fields, coins, likes received).
 * - `access`: who the member is to the server changed (block, role, sessions revoked, account
 *   erased): forget as for `member`, and check their open sockets again.
 */
export type Change = { session: number } | { member: number } | { access: number };

/** The one notification channel of the app's changes. */
export const CHANGES_CHANNEL = 'app_changes';

/**
 * The statement `announce` runs, exactly (one notification per payload of the text array):
 * db/kysely.ts recognises it to hear the changes on this copy after the commit, and adds to
 * each payload which copy wrote it.
 */
export const ANNOUNCE_SQL = `select pg_notify('${CHANGES_CHANNEL}', c) from unnest($1::text[]) as c`;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A change and the copy that wrote it, read from a payload; null when it is not one. */
export function parseChange(payload: string): { change: Change; from: string | null } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { session, member, access, from } = raw as Record<string, unknown>;
  const origin = typeof from === 'string' ? from : null;
  if (isId(session)) return { change: { session }, from: origin };
  if (isId(member)) return { change: { member }, from: origin };
  if (isId(access)) return { change: { access }, from: origin };
  return null;
}
