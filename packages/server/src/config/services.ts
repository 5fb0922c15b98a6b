/**
 * The outside services other than payments: mail (SMTP), Google sign-in, S3-compatible
 * storage, IP geolocation and the map tiles.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { url } from './values.js';

export const servicesEnv = {
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Rencontre <no-reply@rencontre.bf>'),
  // Seconds between runs of the queue that retries the code mails the relay refused (0: off).
  CODE_MAIL_RETRY_INTERVAL_S: z.coerce.number().int().min(0).max(3600).default(30),
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
      message: "doit être le chemin d'un fichier .mmdb existant",
    })
    .optional(),
  // Map tiles' URL template; must match the VITE_MAP_TILE_URL the web app was built with (CSP).
  MAP_TILE_URL: url(['https', 'http']).default(
    'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
};

type ServicesEnv = z.infer<z.ZodObject<typeof servicesEnv>>;

export interface ServicesConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds between runs of the code-mail retry queue (0: off). */
  codeMailRetryIntervalS: number;
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
}

export function servicesConfig(e: ServicesEnv): ServicesConfig {
  return {
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    codeMailRetryIntervalS: e.CODE_MAIL_RETRY_INTERVAL_S,
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
    mapTileUrl: e.MAP_TILE_URL,
    geoipProviders: (e.GEOIP_PROVIDERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    geoipDatabase: e.GEOIP_DATABASE,
  };
}
