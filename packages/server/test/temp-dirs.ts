/**
 * The temporary folders tests make in /tmp, kept in one list so closing an app removes its own
 * and the end of each test file removes what is left (setup.ts). Nothing heavy is imported here:
 * the setup file runs before every test file, web and shared ones included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/** A new folder under the system's temporary directory, named rencontre-{label}-…. */
export function makeTestDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rencontre-${label}-`));
  made.add(dir);
  return dir;
}

/** Removes one folder made by makeTestDir (others are left alone), or every one when none given. */
export function removeTestDirs(dir?: string): void {
  const dirs = dir === undefined ? [...made] : made.has(dir) ? [dir] : [];
  for (const d of dirs) {
    fs.rmSync(d, { recursive: true, force: true });
    made.delete(d);
  }
}
