/**
 * `npm run admin:create -- <email>`: promotes an existing account to admin, on the database the
 * environment names (DATA_DIR / DATABASE_URL), and records it in the audit log. `createAdmin`
 * does the work on any database (tests call it); the wrapper below opens the configured one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { audit } from '../modules/admin/staff.js';

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
  const user = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; role: string }>(
      `UPDATE users u SET role = 'admin' FROM users before
        WHERE u.email = $1 AND before.id = u.id RETURNING u.id, before.role`,
      [email],
    );
    const row = rows[0];
    if (!row) return null;
    await audit(tx, {
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
      message: `Aucun compte avec l’e-mail ${email}. Le membre doit d’abord s’inscrire.`,
    };
  }
  return {
    ok: true,
    userId: user.id,
    message: `${email} est maintenant administrateur (membre n°${user.id}).`,
  };
}

async function main() {
  if (!process.argv[2]?.trim()) {
    console.error(ADMIN_CREATE_USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const result = await createAdmin(db, process.argv[2]);
    if (result.ok) {
      console.log(result.message);
    } else {
      console.error(result.message);
      process.exitCode = result.exitCode;
    }
  } finally {
    await db.close();
  }
}

// Run only as the command, not when a test imports createAdmin.
const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) void main();
