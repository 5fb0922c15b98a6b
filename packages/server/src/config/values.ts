/** Value shapes several concerns' variables share: an on/off switch, a URL of given schemes. */
import { z } from 'zod';

export const bool = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'on' || v === 'true' || v === '1'));

export const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `doit commencer par ${protocols.join(':// ou ')}://`,
    });

/** Thrown at start for a bad value; the message names the variable, in French. */
export class ConfigError extends Error {}

/** What every concern's reader gets besides its variables. */
export interface ConfigContext {
  isProduction: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  /** A path as the operator typed it, from the folder the command was typed in. */
  fromCwd: (p: string) => string;
}
