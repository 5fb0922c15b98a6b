/** The process: environment, listening address, public address, proxy, where data and the web build are. */
import path from 'node:path';
import { z } from 'zod';
import { bool, type ConfigContext } from './values.js';

export const serverEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // Set by npm to the folder the command was typed in; relative paths are read from there.
  INIT_CWD: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: bool(false),
  WEB_DIST: z.string().optional(),
};

type ServerEnv = z.infer<z.ZodObject<typeof serverEnv>>;

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  trustProxy: boolean;
  webDist: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function serverConfig(e: ServerEnv, c: ConfigContext): ServerConfig {
  return {
    env: e.NODE_ENV,
    isProduction: c.isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: c.fromCwd(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? c.fromCwd(e.WEB_DIST) : path.join(repoRoot, 'packages/web/dist'),
  };
}
