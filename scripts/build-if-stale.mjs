#!/usr/bin/env node
/**
 * Builds the web app only when what it is built from changed: `npm start`, the e2e commands and
 * CI call this instead of rebuilding every time. The build's inputs (the web and shared sources,
 * the web's public files and configuration, the lockfile, the VITE_* variables) are hashed by
 * content; the hash is written beside the build once it succeeds, and a build whose hash matches
 * is kept. `--force` rebuilds anyway.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'packages/web');
const DIST = path.join(WEB, 'dist');
const STAMP = path.join(DIST, '.inputs-hash');
const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/scripts',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

/** Every file under `rel`, sorted, as paths relative to `root`. */
function filesOf(root, rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** One hash of the build's inputs under `root`: their names, their bytes, the VITE_* variables. */
export function inputsHash(root = ROOT, env = process.env) {
  const hash = crypto.createHash('sha256');
  for (const file of INPUTS.flatMap((rel) => filesOf(root, rel))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  const vite = Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  hash.update(vite.join('\n'));
  return hash.digest('hex');
}

function main() {
  const wanted = inputsHash();
  const kept = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : null;
  if (!process.argv.includes('--force') && kept === wanted) {
    console.log(`web build is up to date (${path.relative(ROOT, DIST)}): not rebuilt`);
  } else {
    const run = spawnSync('npm', ['run', 'build', '--workspace', '@app/web'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
    fs.writeFileSync(STAMP, `${wanted}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
