/**
 * The only reader of process.env. Every variable is validated here, each in the file of its
 * concern (server, database, logging, services, secrets, payments, product); a bad value stops
 * the process at start with a message naming the variable. `.env.example` documents each one.
 */
import path from 'node:path';
import { z } from 'zod';
import { callsConfig, callsEnv, type CallsConfig } from './calls.js';
import { databaseConfig, databaseEnv, type DatabaseConfig } from './database.js';
import { loggingConfig, loggingEnv, type LoggingConfig } from './logging.js';
import { paymentsConfig, paymentsEnv, type PaymentsConfig } from './payments.js';
import { productConfig, productEnv, type ProductConfig } from './product.js';
import { secretsConfig, secretsEnv, type SecretsConfig } from './secrets.js';
import { serverConfig, serverEnv, type ServerConfig } from './server.js';
import { servicesConfig, servicesEnv, type ServicesConfig } from './services.js';
import { ConfigError, type ConfigContext } from './values.js';

export { ConfigError };

const ZEnv = z.object({
  ...serverEnv,
  ...databaseEnv,
  ...loggingEnv,
  ...servicesEnv,
  ...secretsEnv,
  ...paymentsEnv,
  ...productEnv,
  ...callsEnv,
});

export type Env = Record<string, string | undefined>;

export type Config = ServerConfig &
  DatabaseConfig &
  LoggingConfig &
  ServicesConfig &
  SecretsConfig &
  ProductConfig &
  CallsConfig & {
    /** Coin purchases: one provider per method (null = unavailable), see payments.ts. */
    payments: PaymentsConfig;
  };

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
  const context: ConfigContext = {
    isProduction: e.NODE_ENV === 'production',
    nodeEnv: e.NODE_ENV,
    // `npm start` at the root runs the server inside packages/server: a relative DATA_DIR still
    // means the folder the operator typed the command in, as README says (./data at the root).
    fromCwd: (p) => path.resolve(e.INIT_CWD ?? process.cwd(), p),
  };
  return {
    ...serverConfig(e, context),
    ...databaseConfig(e, context),
    ...loggingConfig(e, context),
    ...servicesConfig(e),
    ...secretsConfig(e, context),
    payments: paymentsConfig(e, context),
    ...productConfig(e),
    ...callsConfig(e),
  };
}
