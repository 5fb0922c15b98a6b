/** The query behind `npm run admin:create`: promote one account, answering its former role. */
import type { Database } from '../db/kysely.js';

/** Makes the account with this e-mail an admin; its id and former role, undefined if unknown. */
export function promoteToAdmin(trx: Database, email: string) {
  return trx
    .updateTable('users as u')
    .from('users as before')
    .set({ role: 'admin' })
    .whereRef('before.id', '=', 'u.id')
    .where('u.email', '=', email)
    .returning(['u.id', 'before.role'])
    .executeTakeFirst();
}
