/**
 * What the payment services take: the parts of Deps they use, plus the payment providers built
 * from the config (one set per config; the console's re-check wraps them to keep the answer).
 */
import type { Config } from '../../config/index.js';
import type { Deps } from '../../deps.js';
import { createPaymentProviders, type PaymentProviders } from '../../adapters/payments/index.js';

export type PaymentDeps = Pick<
  Deps,
  'db' | 'log' | 'notify' | 'limiter' | 'config' | 'clock' | 'geoLocator' | 'metrics' | 'realtime'
> & { providers: PaymentProviders };

// Adapters hold no state: one set per configuration (plugin contexts share the config).
const providersByConfig = new WeakMap<Config, PaymentProviders>();

function providersOf(config: Config): PaymentProviders {
  let providers = providersByConfig.get(config);
  if (!providers) {
    providers = createPaymentProviders(config);
    providersByConfig.set(config, providers);
  }
  return providers;
}

/** The payment services' deps from the app's (a route passes `withLog(app.deps, req.log)`). */
export const paymentDeps = (deps: Deps): PaymentDeps => ({
  ...deps,
  providers: providersOf(deps.config),
});
