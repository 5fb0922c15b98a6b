/** The database, Redis (and the sockets' session check), migrations at start and the demo data. */
import { z } from 'zod';
import { url, type ConfigContext } from './values.js';

export const databaseEnv = {
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/i)
    .default('rencontre'),
  // Every this many milliseconds, each copy checks that its open sockets' sessions are live.
  SOCKET_RECHECK_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  DEMO_SEED: z.enum(['on', 'off']).optional(),
  // Apply pending migrations at start: `on` by default, `off` by default in production on
  // PostgreSQL, where `npm run migrate` does it as a step of its own before the copies start.
  MIGRATE_ON_START: z.enum(['on', 'off']).optional(),
};

type DatabaseEnv = z.infer<z.ZodObject<typeof databaseEnv>>;

export interface DatabaseConfig {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key (several apps or test runs can share one Redis). */
  redisPrefix: string;
  /** The pace of the check of open sockets' sessions (realtime/session-guard.ts). */
  socketRecheckMs: number;
  demoSeed: boolean;
  /**
   * Whether the server applies pending migrations as it starts; otherwise it checks that the
   * database's schema is the one its code knows and refuses to start if not (db/migrate.ts).
   * The embedded database always migrates itself: it has one owner, this server.
   */
  migrateOnStart: boolean;
}

export function databaseConfig(e: DatabaseEnv, c: ConfigContext): DatabaseConfig {
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    socketRecheckMs: e.SOCKET_RECHECK_MS,
    demoSeed: e.DEMO_SEED ? e.DEMO_SEED === 'on' : !c.isProduction,
    migrateOnStart:
      !e.DATABASE_URL || (e.MIGRATE_ON_START ? e.MIGRATE_ON_START === 'on' : !c.isProduction),
  };
}
