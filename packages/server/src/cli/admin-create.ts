/**
 * `npm run admin:create -- <email>`: promotes an existing account to admin, on the database the
 * environment names (DATA_DIR / DATABASE_URL), and records it in the audit log.
 */
import { loadConfig } from '../config.js';
import { createDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { audit } from '../modules/admin/staff.js';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage : npm run admin:create -- <email>');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number; role: string }>(
        `UPDATE users SET role = 'admin' WHERE email = $1 RETURNING id, role`,
        [email],
      );
      const user = rows[0];
      if (!user) return null;
      await audit(tx, {
        actorId: user.id,
        action: 'member.role',
        targetType: 'user',
        targetId: user.id,
        reason: 'npm run admin:create',
        data: { to: 'admin' },
      });
      return user;
    });
    if (!done) {
      console.error(`Aucun compte avec l’e-mail ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${email} est maintenant administrateur (membre n°${done.id}).`);
    }
  } finally {
    await db.close();
  }
}

void main();
