/** What the payment services need, so tests and the reconciliation job can build their own. */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Notify } from '../notifications/notify.js';
import { createPaymentProviders, type PaymentProviders } from '../../adapters/payments/index.js';

export interface PaymentCtx {
  db: Db;
  log: FastifyBaseLogger;
  notify: Notify;
  limiter: RateLimiter;
  providers: PaymentProviders;
  /** Origin of the app, for the provider's notify and return URLs. */
  publicUrl: string;
  /** Country assumed for private IP addresses (dev, e2e); null in production. */
  localCountry: string | null;
  now: Date;
}

// Adapters hold no state: one set per configuration (plugin contexts share the config).
const providersByConfig = new WeakMap<Config, PaymentProviders>();

export function providersOf(app: FastifyInstance): PaymentProviders {
  let providers = providersByConfig.get(app.config);
  if (!providers) {
    providers = createPaymentProviders(app.config);
    providersByConfig.set(app.config, providers);
  }
  return providers;
}

export function paymentCtx(app: FastifyInstance, log: FastifyBaseLogger = app.log): PaymentCtx {
  return {
    db: app.db,
    log,
    notify: app.notify,
    limiter: app.limiter,
    providers: providersOf(app),
    publicUrl: app.config.publicUrl,
    localCountry: app.config.payments.localCountry,
    now: new Date(),
  };
}
