/**
 * The only reader of process.env. Every variable is validated here; a bad value stops the
 * process at start with a message naming the variable. `.env.example` documents each one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ANNOUNCEMENT_COST, ANNOUNCEMENT_FIRST_FREE } from '@app/shared';

const bool = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'on' || v === 'true' || v === '1'));

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `doit commencer par ${protocols.join(':// ou ')}://`,
    });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // Set by npm to the folder the command was typed in; relative paths are read from there.
  INIT_CWD: z.string().min(1).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i)
    .default('rencontre'),
  // Every this many milliseconds, each copy checks that its open sockets' sessions are live.
  SOCKET_RECHECK_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Rencontre <no-reply@rencontre.bf>'),
  DEMO_SEED: z.enum(['on', 'off']).optional(),
  // Apply pending migrations at start: `on` by default, `off` by default in production on
  // PostgreSQL, where `npm run migrate` does it as a step of its own before the copies start.
  MIGRATE_ON_START: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Request lines: `all` (opening and closing line of each, at info) or `errors` (one line at
  // info or above for a 5xx or a slow answer only, the others at debug); errors in production.
  REQUEST_LOG: z.enum(['all', 'errors']).optional(),
  // An answer slower than this many milliseconds is logged (warn) whatever REQUEST_LOG says.
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  TRUST_PROXY: bool(false),
  // Bearer token that opens GET /metrics from any address (without it: loopback and private only).
  METRICS_TOKEN: z.string().min(16, 'au moins 16 caractères').optional(),
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  GEOIP_PROVIDERS: z.string().optional(),
  GEOIP_DATABASE: z
    .string()
    .refine((v) => v.endsWith('.mmdb') && fs.existsSync(v), {
      message: 'doit être le chemin d’un fichier .mmdb existant',
    })
    .optional(),
  // Map tiles' URL template; must match the VITE_MAP_TILE_URL the web app was built with (CSP).
  MAP_TILE_URL: url(['https', 'http']).default(
    'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  APP_SECRET: z.string().min(32).optional(),
  // The secret APP_SECRET replaced, while the links it signed (a day at most) are still around.
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().min(5).default('mailto:support@rencontre.bf'),
  // Push hosts accepted besides the browsers' services (tests' local one); refused in production.
  PUSH_EXTRA_HOSTS: z.string().optional(),
  // Payments (coins): each method's provider, its credentials, the job, the region fallback.
  PAYMENT_PROVIDER_CARD: z.enum(['cinetpay', 'simulator']).optional(),
  PAYMENT_PROVIDER_ORANGE: z.enum(['orange', 'simulator']).optional(),
  PAYMENT_PROVIDER_MOOV: z.enum(['moov', 'simulator']).optional(),
  CINETPAY_API_KEY: z.string().min(1).optional(),
  CINETPAY_SITE_ID: z.string().min(1).optional(),
  CINETPAY_SECRET_KEY: z.string().min(1).optional(),
  CINETPAY_BASE_URL: url(['https', 'http']).default('https://api-checkout.cinetpay.com'),
  ORANGE_BF_URL: url(['https', 'http']).default('https://apiom.orange.bf:9007/payment'),
  ORANGE_BF_USERNAME: z.string().min(1).optional(),
  ORANGE_BF_PASSWORD: z.string().min(1).optional(),
  ORANGE_BF_MERCHANT_NUMBER: z
    .string()
    .regex(/^\d{8}$/, 'doit être un numéro à 8 chiffres')
    .optional(),
  MOOV_BF_URL: url(['https', 'http']).optional(),
  MOOV_BF_USERNAME: z.string().min(1).optional(),
  MOOV_BF_PASSWORD: z.string().min(1).optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
  PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).optional(),
  PAYMENT_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'doit être un code pays à 2 lettres')
    .optional(),
  SOCIAL_LINK_FACEBOOK: url(['https', 'http']).default('https://www.facebook.com/'),
  SOCIAL_LINK_TIKTOK: url(['https', 'http']).default('https://www.tiktok.com/'),
  SOCIAL_LINK_YOUTUBE: url(['https', 'http']).default('https://www.youtube.com/'),
  // Announcement pricing: pièces per publication, and whether a member's first one is free.
  ANNOUNCEMENT_COST: z.coerce
    .number({ error: 'doit être un nombre entier de pièces' })
    .int('doit être un nombre entier de pièces')
    .min(0, 'ne peut pas être négatif')
    .max(100_000, 'ne peut pas dépasser 100000')
    .default(ANNOUNCEMENT_COST),
  ANNOUNCEMENT_FIRST_FREE: bool(ANNOUNCEMENT_FIRST_FREE),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key (several apps or test runs can share one Redis). */
  redisPrefix: string;
  /** The pace of the check of open sockets' sessions (realtime/session-guard.ts). */
  socketRecheckMs: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoSeed: boolean;
  /**
   * Whether the server applies pending migrations as it starts; otherwise it checks that the
   * database's schema is the one its code knows and refuses to start if not (db/migrate.ts).
   * The embedded database always migrates itself: it has one owner, this server.
   */
  migrateOnStart: boolean;
  logLevel: string;
  /** Readable log lines (pino-pretty) in development; JSON lines in production and tests. */
  prettyLogs: boolean;
  /**
   * Request lines: every request's two lines at info (`all`), or only failed (5xx) and slow
   * answers at info or above, the others at debug (`errors`, production's default).
   */
  requestLog: { mode: 'all' | 'errors'; slowMs: number };
  trustProxy: boolean;
  /** Opens GET /metrics from a public address too (`Authorization: Bearer …`); null = none. */
  metricsToken: string | null;
  webDist: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl: string | undefined;
  } | null;
  /** The map tiles' URL template ({s}, {z}, {x}, {y}); its host is allowed by the CSP. */
  mapTileUrl: string;
  /** External IP-geolocation URL templates tried in order after the offline database ({ip}). */
  geoipProviders: string[];
  /** The offline IP database (.mmdb) when not the bundled country one: newer, or with cities. */
  geoipDatabase: string | undefined;
  /** Web Push keys; when absent they are generated once into DATA_DIR/vapid.json. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** Hosts (host or host:port) accepted as push endpoints besides the known push services. */
  pushExtraHosts: string[];
  /** Signing secret; generated into DATA_DIR/secret.key when absent. */
  appSecret: string | undefined;
  /** The previous APP_SECRET during a rotation: media links it signed are still accepted. */
  appSecretPrevious: string | undefined;
  /** Coin purchases: one provider per method (null = unavailable), see paymentsConfig. */
  payments: PaymentsConfig;
  /** Where each network's 'Gagner des pièces' entry leads. */
  socialLinks: { facebook: string; tiktok: string; youtube: string };
  /** Announcement pricing: `cost` pièces per publication, the first one free when `firstFree`. */
  announcements: { cost: number; firstFree: boolean };
}

type CardProviderConfig =
  | { kind: 'cinetpay'; apiKey: string; siteId: string; secretKey: string; baseUrl: string }
  | { kind: 'simulator' };
type OrangeProviderConfig =
  | { kind: 'orange'; url: string; username: string; password: string; merchantNumber: string }
  | { kind: 'simulator' };
type MoovProviderConfig =
  { kind: 'moov'; url: string; username: string; password: string } | { kind: 'simulator' };

interface PaymentsConfig {
  card: CardProviderConfig | null;
  orange: OrangeProviderConfig | null;
  moov: MoovProviderConfig | null;
  /** Per call to a provider. */
  timeoutMs: number;
  /** Reconciliation job period; 0 = off (the default in tests). */
  reconcileIntervalS: number;
  /** Country assumed for private IPs (a laptop, the e2e run); null in production. */
  localCountry: string | null;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: Env = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  // `npm start` at the root runs the server inside packages/server: a relative DATA_DIR still
  // means the folder the operator typed the command in, as README says (./data at the root).
  const fromCwd = (p: string) => path.resolve(e.INIT_CWD ?? process.cwd(), p);
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: fromCwd(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    socketRecheckMs: e.SOCKET_RECHECK_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoSeed: e.DEMO_SEED ? e.DEMO_SEED === 'on' : !isProduction,
    migrateOnStart:
      !e.DATABASE_URL || (e.MIGRATE_ON_START ? e.MIGRATE_ON_START === 'on' : !isProduction),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    prettyLogs: e.NODE_ENV === 'development',
    requestLog: {
      mode: e.REQUEST_LOG ?? (isProduction ? 'errors' : 'all'),
      slowMs: e.SLOW_REQUEST_MS,
    },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDist: e.WEB_DIST ? fromCwd(e.WEB_DIST) : path.join(repoRoot, 'packages/web/dist'),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : null,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : null,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT,
    pushExtraHosts: pushExtraHosts(e.PUSH_EXTRA_HOSTS, isProduction),
    appSecret: e.APP_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
    mapTileUrl: e.MAP_TILE_URL,
    geoipProviders: (e.GEOIP_PROVIDERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    geoipDatabase: e.GEOIP_DATABASE,
    payments: paymentsConfig(e, isProduction),
    socialLinks: {
      facebook: e.SOCIAL_LINK_FACEBOOK,
      tiktok: e.SOCIAL_LINK_TIKTOK,
      youtube: e.SOCIAL_LINK_YOUTUBE,
    },
    announcements: { cost: e.ANNOUNCEMENT_COST, firstFree: e.ANNOUNCEMENT_FIRST_FREE },
  };
}

function pushExtraHosts(value: string | undefined, isProduction: boolean): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (hosts.length && isProduction)
    throw new ConfigError('PUSH_EXTRA_HOSTS: interdit en production');
  return hosts;
}

/**
 * Each payment method's provider: the one PAYMENT_PROVIDER_* names, else the real one when its
 * credentials are all set, else the simulator outside production, else none (the calls then
 * answer 503). The simulator is refused in production; a named provider needs its credentials.
 */
function paymentsConfig(e: z.infer<typeof ZEnv>, isProduction: boolean): PaymentsConfig {
  function pick<T extends { kind: string }>(
    variable: string,
    chosen: string | undefined,
    real: T | null,
    missing: string,
  ): T | { kind: 'simulator' } | null {
    if (chosen === 'simulator') {
      if (isProduction)
        throw new ConfigError(`${variable}: le simulateur est interdit en production`);
      return { kind: 'simulator' };
    }
    if (chosen && !real) throw new ConfigError(`${variable}=${chosen} : ${missing} manquant(s)`);
    if (real) return real;
    return isProduction ? null : { kind: 'simulator' };
  }
  const cinetpay =
    e.CINETPAY_API_KEY && e.CINETPAY_SITE_ID && e.CINETPAY_SECRET_KEY
      ? {
          kind: 'cinetpay' as const,
          apiKey: e.CINETPAY_API_KEY,
          siteId: e.CINETPAY_SITE_ID,
          secretKey: e.CINETPAY_SECRET_KEY,
          baseUrl: e.CINETPAY_BASE_URL.replace(/\/$/, ''),
        }
      : null;
  const orange =
    e.ORANGE_BF_USERNAME && e.ORANGE_BF_PASSWORD && e.ORANGE_BF_MERCHANT_NUMBER
      ? {
          kind: 'orange' as const,
          url: e.ORANGE_BF_URL,
          username: e.ORANGE_BF_USERNAME,
          password: e.ORANGE_BF_PASSWORD,
          merchantNumber: e.ORANGE_BF_MERCHANT_NUMBER,
        }
      : null;
  // Orange's payment answer credits coins by itself (adapters/payments/orange-bf.ts): it must
  // come from Orange's server over TLS, never over plain HTTP.
  if (orange && isProduction && !orange.url.startsWith('https:')) {
    throw new ConfigError('ORANGE_BF_URL : doit commencer par https:// en production');
  }
  const moov =
    e.MOOV_BF_URL && e.MOOV_BF_USERNAME && e.MOOV_BF_PASSWORD
      ? {
          kind: 'moov' as const,
          url: e.MOOV_BF_URL,
          username: e.MOOV_BF_USERNAME,
          password: e.MOOV_BF_PASSWORD,
        }
      : null;
  return {
    card: pick(
      'PAYMENT_PROVIDER_CARD',
      e.PAYMENT_PROVIDER_CARD,
      cinetpay,
      'CINETPAY_API_KEY, CINETPAY_SITE_ID, CINETPAY_SECRET_KEY',
    ),
    orange: pick(
      'PAYMENT_PROVIDER_ORANGE',
      e.PAYMENT_PROVIDER_ORANGE,
      orange,
      'ORANGE_BF_USERNAME, ORANGE_BF_PASSWORD, ORANGE_BF_MERCHANT_NUMBER',
    ),
    moov: pick(
      'PAYMENT_PROVIDER_MOOV',
      e.PAYMENT_PROVIDER_MOOV,
      moov,
      'MOOV_BF_URL, MOOV_BF_USERNAME, MOOV_BF_PASSWORD',
    ),
    timeoutMs: e.PAYMENT_TIMEOUT_MS,
    reconcileIntervalS: e.PAYMENT_RECONCILE_INTERVAL_S ?? (e.NODE_ENV === 'test' ? 0 : 60),
    localCountry: (e.PAYMENT_LOCAL_COUNTRY ?? (isProduction ? null : 'BF'))?.toUpperCase() ?? null,
  };
}
