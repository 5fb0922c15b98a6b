/**
 * The server side of a Google sign-in in flight: state, nonce and PKCE verifier per redirect,
 * single use (taking one deletes it) and valid for OAUTH_STATE_TTL_MIN minutes.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

export const OAUTH_STATE_TTL_MIN = 10;

/** `now() - OAUTH_STATE_TTL_MIN minutes`, the oldest creation time still valid. */
const ttlAgo = () => sql<Date>`now() - make_interval(mins => ${OAUTH_STATE_TTL_MIN}::int)`;

export async function insertOAuthState(
  db: Database,
  row: { state: string; codeVerifier: string; nonce: string; deviceHash: string | null },
) {
  await db
    .insertInto('oauth_states')
    .values({
      state: row.state,
      code_verifier: row.codeVerifier,
      nonce: row.nonce,
      device_hash: row.deviceHash,
    })
    .execute();
}

export async function deleteExpiredOAuthStates(db: Database) {
  await db.deleteFrom('oauth_states').where('created_at', '<', ttlAgo()).execute();
}

/** Deletes the state and returns it, with `fresh` false once past its life; undefined if unknown. */
export function takeOAuthState(db: Database, state: string) {
  return db
    .deleteFrom('oauth_states')
    .where('state', '=', state)
    .returning((eb) => [
      'code_verifier',
      'nonce',
      'device_hash',
      eb('created_at', '>', ttlAgo()).as('fresh'),
    ])
    .executeTakeFirst();
}
