/**
 * The server side of a Google sign-in in flight: state, nonce and PKCE verifier per redirect,
 * single use (taking one deletes it) and valid for OAUTH_STATE_TTL_MIN minutes.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import type { OAuthStateStore } from '../../adapters/google/index.js';

export const OAUTH_STATE_TTL_MIN = 10;

/** `now() - OAUTH_STATE_TTL_MIN minutes`, the oldest creation time still valid. */
const ttlAgo = () => sql<Date>`now() - make_interval(mins => ${OAUTH_STATE_TTL_MIN}::int)`;

async function insertOAuthState(
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

async function deleteExpiredOAuthStates(db: Database) {
  await db.deleteFrom('oauth_states').where('created_at', '<', ttlAgo()).execute();
}

/** Deletes the state and returns it, with `fresh` false once past its life; undefined if unknown. */
function takeOAuthState(db: Database, state: string) {
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

/** The Google adapter's store of sign-ins in flight, on this database. */
export const oauthStateStore = (db: Database): OAuthStateStore => ({
  save: (row) => insertOAuthState(db, row),
  take: async (state) => {
    const row = await takeOAuthState(db, state);
    return row && { ...row, fresh: row.fresh === true || row.fresh === 1 };
  },
  dropExpired: () => deleteExpiredOAuthStates(db),
});
