/**
 * One process at a time on an embedded database. PGlite does not guard its folder: two processes
 * opening it would each keep their own copy in memory and overwrite each other's files. The
 * owner writes its process id to DATA_DIR/server.lock, created exclusively; a lock whose process
 * is gone (a crash, a kill -9) is taken over. A process id, not a file's age, tells a live owner:
 * PGlite runs queries on the event loop, so an owner busy for a while is not a dead one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DATA_DIR_LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `La base de données intégrée de ${dataDir} est déjà ouverte par un autre processus ` +
        `(n°${ownerPid}). Arrêtez-le, ou donnez un autre DATA_DIR.`,
    );
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') {
      return { pid: owner.pid, host: owner.host };
    }
  } catch {
    // Missing, or half written by an owner that died while writing it.
  }
  return null;
}

/** The live process that holds the folder, other than this one; null when it is free. */
export function dataDirOwner(dataDir: string): number | null {
  const owner = readOwner(path.join(dataDir, DATA_DIR_LOCK_FILE));
  if (!owner || owner.pid === process.pid) return null;
  // Another machine's process on a shared folder cannot be checked: count it as live.
  if (owner.host !== os.hostname() || isAlive(owner.pid)) return owner.pid;
  return null;
}

/** Takes the folder for this process; throws DataDirLockedError while another one holds it. */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return {
        release() {
          if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = dataDirOwner(dataDir);
    if (owner !== null) throw new DataDirLockedError(dataDir, owner);
    // Left by a process that is gone (or by this one): take it over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, readOwner(file)?.pid ?? 0);
}

/** Retries for a while: a server restarting (npm run dev) waits for the old one to let go. */
export async function lockDataDirWhenFree(dataDir: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return lockDataDir(dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || Date.now() >= until) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
