/**
 * The server side of a Google sign-in in flight: state, nonce and PKCE verifier per redirect,
 * single use (taking one deletes it) and valid for OAUTH_STATE_TTL_MIN minutes.
 */
import type { Sql } from '../../db/db.js';

export const OAUTH_STATE_TTL_MIN = 10;

export interface OAuthStateRow extends Record<string, unknown> {
  code_verifier: string;
  nonce: string;
  device_hash: string | null;
  fresh: boolean;
}

export async function insertOAuthState(
  sql: Sql,
  row: { state: string; codeVerifier: string; nonce: string; deviceHash: string | null },
) {
  await sql.query(
    'INSERT INTO oauth_states (state, code_verifier, nonce, device_hash) VALUES ($1, $2, $3, $4)',
    [row.state, row.codeVerifier, row.nonce, row.deviceHash],
  );
}

export async function deleteExpiredOAuthStates(sql: Sql) {
  await sql.query(
    `DELETE FROM oauth_states WHERE created_at < now() - make_interval(mins => $1::int)`,
    [OAUTH_STATE_TTL_MIN],
  );
}

/** Deletes the state and returns it, with `fresh` false once past its life; undefined if unknown. */
export async function takeOAuthState(sql: Sql, state: string) {
  const rows = await sql.query<OAuthStateRow>(
    `DELETE FROM oauth_states WHERE state = $1
     RETURNING code_verifier, nonce, device_hash,
               created_at > now() - make_interval(mins => $2::int) AS fresh`,
    [state, OAUTH_STATE_TTL_MIN],
  );
  return rows[0];
}
