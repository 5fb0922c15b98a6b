/**
 * IP geolocation for the wizard's locality ('city, country'). First the offline .mmdb database
 * (offline-database.ts: no network, no third party); when it knows no city, the URL templates of
 * GEOIP_PROVIDERS in order, 2 attempts each with a 5 s time-out, failures logged at debug and
 * skipped. Country names are French. Answers with a country are cached for an hour.
 */
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import { frenchCountryName } from './countries.js';
import { openOfflineDatabase } from './offline-database.js';
import { readProviderAnswer, type ProviderAnswer } from './provider-answer.js';

export interface GeoLocation {
  locality: string | null;
  city: string | null;
  country: string | null;
  country_code: string | null;
}

export interface GeoLocator {
  locate(ip: string): Promise<GeoLocation>;
}

export interface GeoLocatorOptions {
  /** Per attempt (default 5 s). */
  timeoutMs?: number;
  /** Per provider (default 2). */
  attempts?: number;
}

type GeoLog = Pick<FastifyBaseLogger, 'debug' | 'warn'>;

const CACHE_SIZE = 1000;
const CACHE_TTL_MS = 60 * 60 * 1000;

const privateRanges = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateRanges.addSubnet(prefix, bits, 'ipv4');
}
privateRanges.addAddress('::', 'ipv6');
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** `::ffff:1.2.3.4` (IPv4 seen by a dual-stack socket) → `1.2.3.4`. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isPrivateIp(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return true;
  return privateRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

function toLocation(answer: ProviderAnswer | null): GeoLocation {
  const code = answer?.countryCode?.toUpperCase() ?? null;
  const country = (code ? frenchCountryName(code) : null) ?? answer?.country ?? null;
  const city = answer?.city ?? null;
  const locality = [city, country].filter(Boolean).join(', ') || null;
  return { locality, city, country, country_code: code };
}

export function createGeoLocator(
  config: Pick<Config, 'geoipProviders'> & Partial<Pick<Config, 'geoipDatabase'>>,
  log: GeoLog,
  options: GeoLocatorOptions = {},
): GeoLocator {
  const offline = openOfflineDatabase(config.geoipDatabase, log);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = options.attempts ?? 2;
  const cache = new Map<string, { value: GeoLocation; expires: number }>();

  async function askProvider(template: string, ip: string): Promise<ProviderAnswer | null> {
    const url = template.replaceAll('{ip}', encodeURIComponent(ip));
    const provider = URL.canParse(url) ? new URL(url).origin : template;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const res = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const answer = readProviderAnswer(await res.json());
        if (answer) return answer;
        throw new Error('réponse sans ville ni pays');
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        log.debug({ provider, attempt, reason }, 'géolocalisation IP : fournisseur en échec');
      }
    }
    return null;
  }

  async function resolve(ip: string): Promise<GeoLocation> {
    const known = isPrivateIp(ip) ? null : await offline.lookup(ip);
    if (known?.city) return toLocation(known);
    let best = known;
    for (const template of config.geoipProviders) {
      const answer = await askProvider(template, ip);
      if (answer?.city) {
        const countryCode = answer.countryCode ?? best?.countryCode ?? null;
        return toLocation({ ...answer, countryCode });
      }
      best ??= answer;
    }
    return toLocation(best);
  }

  return {
    async locate(rawIp) {
      const ip = normalizeIp(rawIp.trim());
      const cached = cache.get(ip);
      if (cached && cached.expires > Date.now()) return cached.value;
      const value = await resolve(ip);
      if (value.country_code) {
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(ip, { value, expires: Date.now() + CACHE_TTL_MS });
      }
      return value;
    },
  };
}
