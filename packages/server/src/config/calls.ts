/**
 * Voice calls (issue 30): the TURN relay every call goes through (coturn with
 * `use-auth-secret`), and the secret shared with it, from which the app signs short-lived
 * credentials. Without both, calls are unavailable (a call through no relay would hand each
 * member the other's address).
 */
import { z } from 'zod';
import { ConfigError } from './values.js';

export const callsEnv = {
  // The relay's addresses, comma-separated: turn:host:3478?transport=udp,turns:host:5349?transport=tcp
  TURN_URLS: z.string().optional(),
  // coturn's static-auth-secret: the app signs `expiry:userId` with it (HMAC-SHA1).
  TURN_SECRET: z.string().min(16).optional(),
};

type CallsEnv = z.infer<z.ZodObject<typeof callsEnv>>;

export interface CallsConfig {
  /** The relay and its secret; null when calls are off (TURN_URLS or TURN_SECRET unset). */
  turn: { urls: string[]; secret: string } | null;
}

function turnUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !/^turns?:[^\s]+$/.test(u));
  if (bad !== undefined || urls.length === 0)
    throw new ConfigError(`TURN_URLS: « ${bad ?? value} » n'est pas une adresse turn: ou turns:`);
  return urls;
}

export function callsConfig(e: CallsEnv): CallsConfig {
  if (!e.TURN_URLS && !e.TURN_SECRET) return { turn: null };
  if (!e.TURN_URLS || !e.TURN_SECRET)
    throw new ConfigError('TURN_URLS et TURN_SECRET vont ensemble : donnez les deux ou aucun');
  return { turn: { urls: turnUrls(e.TURN_URLS), secret: e.TURN_SECRET } };
}
