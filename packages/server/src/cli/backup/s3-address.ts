/**
 * Where `npm run backup -- s3://<bucket>/<prefix>` sends a backup, and `npm run restore --
 * s3://<bucket>/<prefix>/<dated name>` reads one: the address, and how to reach its bucket. The
 * endpoint and credentials are the app's own (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY), read through loadConfig with the address's bucket in S3_BUCKET's place:
 * backups go to a bucket of their own on the provider that holds the app's files, and the
 * command works as well when the app keeps its files in DATA_DIR (no S3_BUCKET).
 */
import { loadConfig, type Config, type Env } from '../../config/index.js';
import type { S3Config } from '../../adapters/storage/s3-storage.js';
import { BackupError } from './backup-folder.js';

export interface S3Address {
  bucket: string;
  /** Segments joined by `/`, without a slash at either end; '' for the bucket's top. */
  prefix: string;
}

const SCHEME = 's3://';
// S3's rule for bucket names that work path-style everywhere.
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// Plain ASCII, no `.` or `..` segment: keys that need no escaping in a URL or a signature, and
// that map onto a local folder's paths as they are when a restore downloads them.
export const KEY_SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export const isS3Address = (arg: string): boolean => arg.startsWith(SCHEME);

export function parseS3Address(arg: string): S3Address {
  const [bucket = '', ...segments] = arg.slice(SCHEME.length).replace(/\/+$/, '').split('/');
  if (!BUCKET_RE.test(bucket) || !segments.every((s) => KEY_SEGMENT_RE.test(s)))
    throw new BackupError(
      `${arg} n'est pas une adresse S3 valide : écrivez s3://<compartiment>/<préfixe>, le ` +
        'préfixe fait de lettres sans accent, de chiffres, de « - », « _ » et « . » entre des « / ».',
    );
  return { bucket, prefix: segments.join('/') };
}

/** The key `name` under `prefix`, or `name` alone at the bucket's top. */
export const keyUnder = (prefix: string, name: string): string =>
  prefix ? `${prefix}/${name}` : name;

export const formatS3Address = (bucket: string, key: string): string =>
  `${SCHEME}${bucket}${key ? `/${key}` : ''}`;

/** The app's S3 endpoint and credentials, for `bucket`; refuses the app's own bucket. */
export function bucketSettings(
  bucket: string,
  appConfig: Pick<Config, 's3'>,
  env: Env = process.env,
): S3Config {
  const s3 = loadConfig({ ...env, S3_BUCKET: bucket }).s3;
  if (!s3)
    throw new BackupError(
      "Une sauvegarde dans S3 utilise le stockage S3 de l'application : donnez S3_ENDPOINT, " +
        "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY (et S3_REGION si ce n'est pas us-east-1).",
    );
  // The next backup would copy this one along with the members' files, and a restore wants an
  // empty storage.
  if (appConfig.s3?.bucket === bucket)
    throw new BackupError(
      `Le compartiment ${bucket} est celui des fichiers de l'application (S3_BUCKET) : ` +
        'donnez aux sauvegardes un compartiment à part.',
    );
  return s3;
}
