/**
 * pg_dump and pg_restore, PostgreSQL's own client programs (package postgresql-client), run on
 * the database DATABASE_URL names. Its password goes through the environment, never on the
 * command line another user of the machine could read.
 */
import { spawn } from 'node:child_process';
import { BackupError } from './backup-folder.js';

type Tool = 'pg_dump' | 'pg_restore';

/** The address without its password, and the password apart. */
function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

export function runPostgresTool(tool: Tool, args: string[], databaseUrl: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  // The tool needs the usual environment (PATH, locale, PGSSL* settings) plus the password.
  const env = password === undefined ? process.env : { ...process.env, PGPASSWORD: password };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} est introuvable : installez les outils clients de PostgreSQL (paquet ` +
                'postgresql-client), de la version du serveur ou plus récente.',
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} a échoué (code ${code}) : ${stderr.trim()}`));
    });
  });
}
