/**
 * What a backup folder holds (`npm run backup` writes it, `npm run restore` reads it): the
 * database dump, the uploaded files under files/ with their index, the keys DATA_DIR generated
 * (data-dir/), and manifest.json, written last, which says what the backup should contain. And
 * what both commands share: their refusals (BackupError) and how they end (runCommand).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../../config/index.js';
import { isValidStorageKey } from '../../adapters/storage/storage.js';

/** A refusal or failure the commands print as is, in French, and exit 1 on. */
export class BackupError extends Error {}

/**
 * Runs a command's work and prints the line it answers; a refusal (BackupError, a bad config)
 * is printed alone and exits 1, anything else with its stack.
 */
export function runCommand(work: () => Promise<string>): void {
  work().then(
    (line) => console.log(line),
    (err: unknown) => {
      const refusal = err instanceof BackupError || err instanceof ConfigError;
      console.error(refusal ? err.message : err);
      process.exitCode = 1;
    },
  );
}

export const MANIFEST_FILE = 'manifest.json';
/** One JSON line per uploaded file: its key, content type, size and SHA-256. */
export const FILES_INDEX = 'files.jsonl';
export const FILES_DIR = 'files';
export const DATA_DIR_FILES_DIR = 'data-dir';
export const DUMP_FILES = {
  pglite: 'database.pglite.tar.gz',
  postgres: 'database.pgdump',
} as const;

const ZManifest = z.object({
  format: z.literal(1),
  created_at: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  database: z.object({
    file: z.enum([DUMP_FILES.pglite, DUMP_FILES.postgres]),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    server_version: z.string(),
  }),
  /** The last migration applied. */
  schema_version: z.string().nullable(),
  /** Rows per table of the dump, checked again after a restore. */
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.object({
    storage: z.enum(['local', 's3']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  /** The keys DATA_DIR generated when the config gave none (secret.key, vapid.json). */
  data_dir_files: z.array(z.string().regex(/^[a-z]+\.[a-z]+$/)),
});
export type TManifest = z.infer<typeof ZManifest>;

export const ZFileEntry = z.object({
  key: z.string().refine(isValidStorageKey),
  type: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string(),
});
export type TFileEntry = z.infer<typeof ZFileEntry>;

export const sha256Hex = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function writeManifest(folder: string, manifest: TManifest): void {
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(folder: string): TManifest {
  let text: string;
  try {
    text = fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${folder} n'est pas une sauvegarde complète : ${MANIFEST_FILE} est introuvable.`,
    );
  }
  let parsed;
  try {
    parsed = ZManifest.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success)
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} est illisible ou abîmé.`);
  return parsed.data;
}

/**
 * A folder of its own under TMPDIR (mkdtemp makes it its owner's alone), where a backup for S3
 * is written before it is sent, and one from S3 received before it is restored.
 */
export const makeStagingFolder = (label: string): string =>
  fs.mkdtempSync(path.join(os.tmpdir(), `rencontre-${label}-`));

/** `rencontre-2026-06-20T08-30-00Z`: sorts by date, and a valid name on every system. */
export function backupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `rencontre-${stamp}`;
}

const ENGINE_LABELS = { pglite: 'intégrée (PGlite)', postgres: 'PostgreSQL' };

const count = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** One line for the operator: what the backup holds. */
export function describeManifest(m: TManifest): string {
  const megabytes = (m.files.bytes / 1e6).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  return (
    `base ${ENGINE_LABELS[m.engine]} au schéma ${m.schema_version ?? 'vide'}, ` +
    `${count(m.counts.users ?? 0, 'membre')}, ${count(m.counts.messages ?? 0, 'message')}, ` +
    `${count(m.files.count, 'fichier')} (${megabytes} Mo)`
  );
}
