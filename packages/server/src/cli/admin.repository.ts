/** The query behind `npm run admin:create`: promote one account, answering its former role. */
import type { Database } from '../db/kysely.js';
import { announce } from '../db/changes.js';

/** Makes the account with this e-mail an admin; its id and former role, undefined if unknown. */
export async function promoteToAdmin(trx: Database, email: string) {
  const row = await trx
    .updateTable('users as u')
    .from('users as before')
    .set({ role: 'admin' })
    .whereRef('before.id', '=', 'u.id')
    .where('u.email', '=', email)
    .returning(['u.id', 'before.role'])
    .executeTakeFirst();
  // The new admin's rights count at once, not when a copy's session lookup expires.
  if (row) await announce(trx, { access: row.id });
  return row;
}
