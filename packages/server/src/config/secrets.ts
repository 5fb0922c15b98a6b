/** The signing secret (and the one it replaced) and the Web Push keys. */
import { z } from 'zod';
import { ConfigError, type ConfigContext } from './values.js';

export const secretsEnv = {
  APP_SECRET: z.string().min(32).optional(),
  // The secret APP_SECRET replaced, while the links it signed (a day at most) are still around.
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().min(5).default('mailto:support@rencontre.bf'),
  // Push hosts accepted besides the browsers' services (tests' local one); refused in production.
  PUSH_EXTRA_HOSTS: z.string().optional(),
};

type SecretsEnv = z.infer<z.ZodObject<typeof secretsEnv>>;

export interface SecretsConfig {
  /** Web Push keys; when absent they are generated once into DATA_DIR/vapid.json. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** Hosts (host or host:port) accepted as push endpoints besides the known push services. */
  pushExtraHosts: string[];
  /** Signing secret; generated into DATA_DIR/secret.key when absent. */
  appSecret: string | undefined;
  /** The previous APP_SECRET during a rotation: media links it signed are still accepted. */
  appSecretPrevious: string | undefined;
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

export function secretsConfig(e: SecretsEnv, c: ConfigContext): SecretsConfig {
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT,
    pushExtraHosts: pushExtraHosts(e.PUSH_EXTRA_HOSTS, c.isProduction),
    appSecret: e.APP_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
  };
}
