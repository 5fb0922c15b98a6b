/**
 * `npm run admin:create -- <email>`: promotes an existing account to admin, on the database the
 * environment names (DATA_DIR / DATABASE_URL), and records it in the audit log — through the
 * running server when it holds the embedded database. `createAdmin`
 * does the work on any database (tests call it); the wrapper below opens the configured one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/index.js';
import { createDb, type Db } from '../db/db.js';
import { DataDirLockedError, dataDirOwner } from '../db/data-dir-lock.js';
import { callControlSocket } from './control-socket.js';
import { migrate } from '../db/migrate.js';
import { createKysely } from '../db/kysely.js';
import { promoteToAdmin } from './admin.repository.js';
import { audit } from '../modules/admin/index.js';

export const ADMIN_CREATE_USAGE = 'Usage : npm run admin:create -- <email>';

export type AdminCreateResult =
  { ok: true; userId: number; message: string } | { ok: false; exitCode: number; message: string };

/** Makes the account with this e-mail an admin, with its audit row, in one transaction. */
export async function createAdmin(
  db: Db,
  rawEmail: string | undefined,
): Promise<AdminCreateResult> {
  const email = rawEmail?.trim().toLowerCase();
  if (!email) return { ok: false, exitCode: 2, message: ADMIN_CREATE_USAGE };
  const user = await createKysely(db)
    .transaction()
    .execute(async (trx) => {
      const row = await promoteToAdmin(trx, email);
      if (!row) return null;
      await audit(trx, {
        actorId: row.id,
        action: 'member.role',
        targetType: 'user',
        targetId: row.id,
        reason: 'npm run admin:create',
        data: { from: row.role, to: 'admin' },
      });
      return row;
    });
  if (!user) {
    return {
      ok: false,
      exitCode: 1,
      message: `Aucun compte avec l'e-mail ${email}. Le membre doit d'abord s'inscrire.`,
    };
  }
  return {
    ok: true,
    userId: user.id,
    message: `${email} est maintenant administrateur (membre n°${user.id}).`,
  };
}

const SERVER_BUSY = (dataDir: string, pid: number) =>
  `Le serveur (processus n°${pid}) utilise la base intégrée de ${dataDir} mais ne répond pas ` +
  'encore à cette commande. Réessayez une fois le serveur démarré, ou arrêtez-le.';

function isResult(x: unknown): x is AdminCreateResult {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as { ok?: unknown }).ok === 'boolean' &&
    typeof (x as { message?: unknown }).message === 'string'
  );
}

/**
 * On the embedded database a running server owns the folder: the command goes through it
 * (control-socket.ts). Otherwise, or on PostgreSQL, it opens the database itself.
 */
async function run(email: string): Promise<AdminCreateResult> {
  const config = loadConfig();
  const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
  if (owner !== null) {
    const answer = await callControlSocket(config.dataDir, 'admin-create', { email }).catch(
      () => null,
    );
    if (isResult(answer)) return answer;
    return { ok: false, exitCode: 1, message: SERVER_BUSY(config.dataDir, owner) };
  }
  let db: Db;
  try {
    db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      return { ok: false, exitCode: 1, message: err.message };
    }
    throw err;
  }
  try {
    await migrate(db);
    return await createAdmin(db, email);
  } finally {
    await db.close();
  }
}

async function main() {
  const email = process.argv[2];
  if (!email?.trim()) {
    console.error(ADMIN_CREATE_USAGE);
    process.exitCode = 2;
    return;
  }
  const result = await run(email);
  if (result.ok) {
    console.log(result.message);
  } else {
    console.error(result.message);
    process.exitCode = result.exitCode;
  }
}

// Run only as the command, not when a test imports createAdmin.
const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) void main();
