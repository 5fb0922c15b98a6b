/**
 * The offline IP database: a MaxMind DB (.mmdb) file read with `maxmind`. By default the country
 * database of @ip-location-db/geo-whois-asn-country-mmdb (RIR whois, geofeeds and ASN data, CC BY
 * 4.0 by the NRO, bundled as a package); GEOIP_DATABASE points at another file, newer or with
 * cities. Both layouts are read: ip-location-db's flat `{ country_code, city }` and MaxMind's
 * `{ country: { iso_code }, city: { names } }`. Opened on the first lookup; a file that cannot be
 * read is logged once and the lookup answers nothing (the providers may still know). A file of
 * one's own is read again when it is replaced (write the new one beside it, then rename it over).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { ProviderAnswer } from './provider-answer.js';

type Log = { warn(obj: object, msg: string): void };

const DEFAULT_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

function bundledDatabasePath(): string {
  return createRequire(import.meta.url).resolve(DEFAULT_DATABASE);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The town and country of a record in either layout. */
function readRecord(record: unknown): ProviderAnswer | null {
  if (!isRecord(record)) return null;
  const { city, country } = record;
  const countryCode =
    text(record.country_code) ?? (isRecord(country) ? text(country.iso_code) : null);
  if (!countryCode) return null;
  const names = isRecord(city) && isRecord(city.names) ? city.names : null;
  const town = names ? (text(names.fr) ?? text(names.en)) : text(city);
  return { city: town, country: null, countryCode };
}

/** Readers by file, shared by every locator of this process (a database is read once). */
const readers = new Map<string, Promise<Reader<CityResponse> | null>>();
// How often a file of one's own is checked for a replacement.
const WATCH_INTERVAL_MS = 2_000;

function openReader(file: string, watch: boolean, log: Log) {
  let reader = readers.get(file);
  if (reader) return reader;
  reader = maxmind.open<CityResponse>(file).catch((err: unknown) => {
    log.warn({ err, file }, 'géolocalisation IP : base hors ligne illisible, ignorée');
    return null;
  });
  readers.set(file, reader);
  if (watch) {
    // A replaced file is read again; one that cannot be read leaves the previous one in service.
    fs.watchFile(file, { persistent: false, interval: WATCH_INTERVAL_MS }, (now) => {
      if (now.size === 0) return;
      maxmind.open<CityResponse>(file).then(
        (fresh) => readers.set(file, Promise.resolve(fresh)),
        (err: unknown) =>
          log.warn(
            { err, file },
            'géolocalisation IP : nouvelle base illisible, la précédente reste',
          ),
      );
    });
  }
  return reader;
}

export interface OfflineDatabase {
  lookup(ip: string): Promise<ProviderAnswer | null>;
}

/** `file` unset: the bundled country database. A file of one's own is watched for updates. */
export function openOfflineDatabase(file: string | undefined, log: Log): OfflineDatabase {
  return {
    async lookup(ip) {
      const reader = await openReader(file ?? bundledDatabasePath(), file !== undefined, log);
      // Read as unknown: the file's layout is whatever its publisher chose.
      const record: unknown = reader?.get(ip) ?? null;
      return readRecord(record);
    },
  };
}
