/**
 * Coin purchases: each method's provider (CinetPay for cards, Orange Money BF, Moov Money BF, or
 * the simulator), their credentials, the reconciliation job and the region fallback.
 */
import { z } from 'zod';
import { ConfigError, url, type ConfigContext } from './values.js';

export const paymentsEnv = {
  PAYMENT_PROVIDER_CARD: z.enum(['cinetpay', 'simulator']).optional(),
  PAYMENT_PROVIDER_ORANGE: z.enum(['orange', 'simulator']).optional(),
  PAYMENT_PROVIDER_MOOV: z.enum(['moov', 'simulator']).optional(),
  CINETPAY_API_KEY: z.string().min(1).optional(),
  CINETPAY_SITE_ID: z.string().min(1).optional(),
  CINETPAY_SECRET_KEY: z.string().min(1).optional(),
  CINETPAY_BASE_URL: url(['https', 'http']).default('https://api-checkout.cinetpay.com'),
  ORANGE_BF_URL: url(['https', 'http']).default('https://apiom.orange.bf:9007/payment'),
  ORANGE_BF_USERNAME: z.string().min(1).optional(),
  ORANGE_BF_PASSWORD: z.string().min(1).optional(),
  ORANGE_BF_MERCHANT_NUMBER: z
    .string()
    .regex(/^\d{8}$/, 'doit être un numéro à 8 chiffres')
    .optional(),
  MOOV_BF_URL: url(['https', 'http']).optional(),
  MOOV_BF_USERNAME: z.string().min(1).optional(),
  MOOV_BF_PASSWORD: z.string().min(1).optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(20_000),
  PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).optional(),
  PAYMENT_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'doit être un code pays à 2 lettres')
    .optional(),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnv>>;

type CardProviderConfig =
  | { kind: 'cinetpay'; apiKey: string; siteId: string; secretKey: string; baseUrl: string }
  | { kind: 'simulator' };
type OrangeProviderConfig =
  | { kind: 'orange'; url: string; username: string; password: string; merchantNumber: string }
  | { kind: 'simulator' };
type MoovProviderConfig =
  { kind: 'moov'; url: string; username: string; password: string } | { kind: 'simulator' };

export interface PaymentsConfig {
  card: CardProviderConfig | null;
  orange: OrangeProviderConfig | null;
  moov: MoovProviderConfig | null;
  /** Per call to a provider. */
  timeoutMs: number;
  /** Reconciliation job period; 0 = off (the default in tests). */
  reconcileIntervalS: number;
  /** Country assumed for private IPs (a laptop, the e2e run); null in production. */
  localCountry: string | null;
}

/**
 * Each payment method's provider: the one PAYMENT_PROVIDER_* names, else the real one when its
 * credentials are all set, else the simulator outside production, else none (the calls then
 * answer 503). The simulator is refused in production; a named provider needs its credentials.
 */
export function paymentsConfig(e: PaymentsEnv, c: ConfigContext): PaymentsConfig {
  const { isProduction } = c;
  function pick<T extends { kind: string }>(
    variable: string,
    chosen: string | undefined,
    real: T | null,
    missing: string,
  ): T | { kind: 'simulator' } | null {
    if (chosen === 'simulator') {
      if (isProduction)
        throw new ConfigError(`${variable}: le simulateur est interdit en production`);
      return { kind: 'simulator' };
    }
    if (chosen && !real) throw new ConfigError(`${variable}=${chosen} : ${missing} manquant(s)`);
    if (real) return real;
    return isProduction ? null : { kind: 'simulator' };
  }
  const cinetpay =
    e.CINETPAY_API_KEY && e.CINETPAY_SITE_ID && e.CINETPAY_SECRET_KEY
      ? {
          kind: 'cinetpay' as const,
          apiKey: e.CINETPAY_API_KEY,
          siteId: e.CINETPAY_SITE_ID,
          secretKey: e.CINETPAY_SECRET_KEY,
          baseUrl: e.CINETPAY_BASE_URL.replace(/\/$/, ''),
        }
      : null;
  const orange =
    e.ORANGE_BF_USERNAME && e.ORANGE_BF_PASSWORD && e.ORANGE_BF_MERCHANT_NUMBER
      ? {
          kind: 'orange' as const,
          url: e.ORANGE_BF_URL,
          username: e.ORANGE_BF_USERNAME,
          password: e.ORANGE_BF_PASSWORD,
          merchantNumber: e.ORANGE_BF_MERCHANT_NUMBER,
        }
      : null;
  // Orange's payment answer credits coins by itself (adapters/payments/orange-bf.ts): it must
  // come from Orange's server over TLS, never over plain HTTP.
  if (orange && isProduction && !orange.url.startsWith('https:')) {
    throw new ConfigError('ORANGE_BF_URL : doit commencer par https:// en production');
  }
  const moov =
    e.MOOV_BF_URL && e.MOOV_BF_USERNAME && e.MOOV_BF_PASSWORD
      ? {
          kind: 'moov' as const,
          url: e.MOOV_BF_URL,
          username: e.MOOV_BF_USERNAME,
          password: e.MOOV_BF_PASSWORD,
        }
      : null;
  return {
    card: pick(
      'PAYMENT_PROVIDER_CARD',
      e.PAYMENT_PROVIDER_CARD,
      cinetpay,
      'CINETPAY_API_KEY, CINETPAY_SITE_ID, CINETPAY_SECRET_KEY',
    ),
    orange: pick(
      'PAYMENT_PROVIDER_ORANGE',
      e.PAYMENT_PROVIDER_ORANGE,
      orange,
      'ORANGE_BF_USERNAME, ORANGE_BF_PASSWORD, ORANGE_BF_MERCHANT_NUMBER',
    ),
    moov: pick(
      'PAYMENT_PROVIDER_MOOV',
      e.PAYMENT_PROVIDER_MOOV,
      moov,
      'MOOV_BF_URL, MOOV_BF_USERNAME, MOOV_BF_PASSWORD',
    ),
    timeoutMs: e.PAYMENT_TIMEOUT_MS,
    reconcileIntervalS: e.PAYMENT_RECONCILE_INTERVAL_S ?? (c.nodeEnv === 'test' ? 0 : 60),
    localCountry: (e.PAYMENT_LOCAL_COUNTRY ?? (isProduction ? null : 'BF'))?.toUpperCase() ?? null,
  };
}
