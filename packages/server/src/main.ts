/**
 * Process entry: read config, open the database, migrate, seed, listen, say where to go (the
 * start banner), shut down cleanly.
 */
import { loadConfig, ConfigError, type Config } from './config/index.js';
import { buildApp } from './app.js';
import { seedDemoData } from './db/seed/seed.js';
import { DEMO_ACCOUNT } from './db/seed/demo-members.js';
import { openAddress, startBanner } from './start-banner.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { SchemaMismatchError } from './db/migrate.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AddressInfo } from 'node:net';

// A promise nobody awaited that fails (a dropped connection, a library's background call) is a
// bug to fix, not a reason to stop serving every member: it is logged, and the server goes on.
let log: FastifyBaseLogger | null = null;
process.on('unhandledRejection', (reason) => {
  if (log) log.error({ err: reason }, 'unhandled rejection');
  else console.error('unhandled rejection', reason);
});

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof SchemaMismatchError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  log = app.log;
  if (config.demoSeed) await seedDemoData(app.deps.sql, app.log, app.deps.storage);
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, app.server.address());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Plain lines on stdout after the log's own; the tests' servers stay quiet as before. */
function printBanner(config: Config, address: AddressInfo | string | null) {
  if (config.env === 'test') return;
  const port = address && typeof address === 'object' ? address.port : config.port;
  const banner = startBanner({
    url: config.isProduction ? config.publicUrl : openAddress(config.host, port),
    demoAccount: config.demoSeed ? DEMO_ACCOUNT : null,
    devOutbox: !config.isProduction,
  });
  process.stdout.write(banner);
}

// A failure while starting is fatal (the handler above keeps a running server alive, not this).
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
