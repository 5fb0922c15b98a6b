/** Logs, request lines and who may read GET /metrics. */
import { z } from 'zod';
import type { ConfigContext } from './values.js';

export const loggingEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Request lines: `all` (opening and closing line of each, at info) or `errors` (one line at
  // info or above for a 5xx or a slow answer only, the others at debug); errors in production.
  REQUEST_LOG: z.enum(['all', 'errors']).optional(),
  // An answer slower than this many milliseconds is logged (warn) whatever REQUEST_LOG says.
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  // Bearer token that opens GET /metrics from any address (without it: loopback and private only).
  METRICS_TOKEN: z.string().min(16, 'au moins 16 caractères').optional(),
};

type LoggingEnv = z.infer<z.ZodObject<typeof loggingEnv>>;

export interface LoggingConfig {
  logLevel: string;
  /** Readable log lines (pino-pretty) in development; JSON lines in production and tests. */
  prettyLogs: boolean;
  /**
   * Request lines: every request's two lines at info (`all`), or only failed (5xx) and slow
   * answers at info or above, the others at debug (`errors`, production's default).
   */
  requestLog: { mode: 'all' | 'errors'; slowMs: number };
  /** Opens GET /metrics from a public address too (`Authorization: Bearer …`); null = none. */
  metricsToken: string | null;
}

export function loggingConfig(e: LoggingEnv, c: ConfigContext): LoggingConfig {
  return {
    logLevel: e.LOG_LEVEL ?? (c.nodeEnv === 'test' ? 'silent' : 'info'),
    prettyLogs: c.nodeEnv === 'development',
    requestLog: {
      mode: e.REQUEST_LOG ?? (c.isProduction ? 'errors' : 'all'),
      slowMs: e.SLOW_REQUEST_MS,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
