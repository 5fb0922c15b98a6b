/**
 * IP geolocation: the offline .mmdb database (the bundled country one, or a city database of our
 * own), ordered providers with retries and time-outs, the route.
 */
import { partialDeps } from './partial-deps.js';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createGeoLocator, isPrivateIp } from '../src/adapters/geoip/index.js';
import { readProviderAnswer } from '../src/adapters/geoip/provider-answer.js';
import { loadConfig } from '../src/config/index.js';
import { geoRoutes } from '../src/modules/geo/geo.routes.js';
import { mmdbFile, TEST_IPS, testCityDatabase } from './mmdb-file.js';
import { makeTestDir } from './temp-dirs.js';

// In the test city database: Ouagadougou, and a Burkina Faso range without a city.
const OUAGA_IP = TEST_IPS.ouagadougou;
const BF_NO_CITY_IP = TEST_IPS.burkinaNoCity;
const CITY_DB = path.join(makeTestDir('geoip'), 'villes.mmdb');
fs.writeFileSync(CITY_DB, testCityDatabase());
/** The locator's configuration with the test city database. */
const withCities = (geoipProviders: string[]) => ({ geoipProviders, geoipDatabase: CITY_DB });

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { log, lines };
}

/** A stand-in for the external services: /slow never answers, /fail is a 500, /ok answers. */
async function startProviders() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    if (url.startsWith('/slow/')) return; // left hanging until the client gives up
    if (url.startsWith('/fail/')) {
      res.writeHead(500).end('{"error":true}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ city: 'Ouagadougou', country_name: 'Burkina Faso', country_code: 'BF' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hits,
    slow: `${base}/slow/{ip}`,
    fail: `${base}/fail/{ip}`,
    ok: `${base}/ok/{ip}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('geo locator', () => {
  let providers: Awaited<ReturnType<typeof startProviders>>;
  beforeAll(async () => {
    providers = await startProviders();
  });
  afterAll(() => providers.close());

  it('resolves a Burkina Faso address offline, without asking any provider', async () => {
    providers.hits.length = 0;
    const geo = createGeoLocator(withCities([providers.ok]), memoryLog().log);
    expect(await geo.locate(OUAGA_IP)).toEqual({
      locality: 'Ouagadougou, Burkina Faso',
      city: 'Ouagadougou',
      country: 'Burkina Faso',
      country_code: 'BF',
    });
    expect(await geo.locate(`::ffff:${OUAGA_IP}`)).toMatchObject({ country_code: 'BF' });
    expect(providers.hits).toEqual([]);
  });

  it('asks the providers in order when the offline database has no city: 2 attempts, then the next', async () => {
    providers.hits.length = 0;
    const { log, lines } = memoryLog();
    const geo = createGeoLocator(withCities([providers.slow, providers.ok]), log, {
      timeoutMs: 150,
    });
    const started = Date.now();
    expect(await geo.locate(BF_NO_CITY_IP)).toEqual({
      locality: 'Ouagadougou, Burkina Faso',
      city: 'Ouagadougou',
      country: 'Burkina Faso',
      country_code: 'BF',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The attempts are counted from the log: on a loaded machine an attempt can time out before
    // the slow provider has even accepted its connection, so its hits are one or two.
    const slowHits = providers.hits.filter((h) => h === `/slow/${BF_NO_CITY_IP}`);
    expect(slowHits.length).toBeGreaterThanOrEqual(1);
    expect(slowHits.length).toBeLessThanOrEqual(2);
    expect(providers.hits.at(-1)).toBe(`/ok/${BF_NO_CITY_IP}`);
    const failures = lines.filter((l) => l.msg === 'géolocalisation IP : fournisseur en échec');
    expect(failures.map((l) => [l.level, l.attempt])).toEqual([
      [20, 1],
      [20, 2],
    ]);
    // A second lookup of the same address comes from the cache.
    await geo.locate(BF_NO_CITY_IP);
    expect(providers.hits).toHaveLength(slowHits.length + 1);
  });

  it('skips a bad template and a 500, then a later provider answers for a private address', async () => {
    providers.hits.length = 0;
    const geo = createGeoLocator(
      withCities(['pas-une-url/{ip}', providers.fail, providers.ok]),
      memoryLog().log,
    );
    expect(await geo.locate('10.1.2.3')).toMatchObject({ city: 'Ouagadougou', country_code: 'BF' });
    expect(providers.hits).toEqual(['/fail/10.1.2.3', '/fail/10.1.2.3', '/ok/10.1.2.3']);
  });

  it('keeps the offline country when every provider fails', async () => {
    const geo = createGeoLocator(withCities([providers.fail]), memoryLog().log);
    expect(await geo.locate(BF_NO_CITY_IP)).toEqual({
      locality: 'Burkina Faso',
      city: null,
      country: 'Burkina Faso',
      country_code: 'BF',
    });
  });

  it('gives all nulls for a private or loopback address without providers', async () => {
    const geo = createGeoLocator({ geoipProviders: [] }, memoryLog().log);
    const none = { locality: null, city: null, country: null, country_code: null };
    expect(await geo.locate('127.0.0.1')).toEqual(none);
    expect(await geo.locate('192.168.1.20')).toEqual(none);
    expect(await geo.locate('::1')).toEqual(none);
  });

  it('names countries in French', async () => {
    const geo = createGeoLocator(withCities([]), memoryLog().log);
    expect(await geo.locate(TEST_IPS.togo)).toMatchObject({ country: 'Togo', country_code: 'TG' });
  });

  it('knows Burkinabè addresses with the bundled country database, offline', async () => {
    providers.hits.length = 0;
    const geo = createGeoLocator({ geoipProviders: [] }, memoryLog().log);
    for (const ip of [OUAGA_IP, BF_NO_CITY_IP, '41.138.96.1']) {
      expect(await geo.locate(ip)).toEqual({
        locality: 'Burkina Faso',
        city: null,
        country: 'Burkina Faso',
        country_code: 'BF',
      });
    }
    expect(await geo.locate('8.8.8.8')).toMatchObject({ country_code: 'US' });
  });

  it('reads the MaxMind layout too, town names in French first', async () => {
    const file = path.join(makeTestDir('geoip'), 'maxmind.mmdb');
    const record = {
      country: { iso_code: 'BF' },
      city: { names: { en: 'Bobo', fr: 'Bobo-Dioulasso' } },
    };
    fs.writeFileSync(file, mmdbFile({ '102.180.0.0/16': record }));
    const geo = createGeoLocator({ geoipProviders: [], geoipDatabase: file }, memoryLog().log);
    expect(await geo.locate('102.180.3.4')).toMatchObject({
      locality: 'Bobo-Dioulasso, Burkina Faso',
      country_code: 'BF',
    });
  });

  it('reads a replaced database file again, without a restart', async () => {
    const file = path.join(makeTestDir('geoip'), 'maj.mmdb');
    fs.writeFileSync(file, mmdbFile({ '196.28.245.0/24': { country_code: 'BF' } }));
    const config = { geoipProviders: [], geoipDatabase: file };
    expect((await createGeoLocator(config, memoryLog().log).locate(OUAGA_IP)).city).toBeNull();
    const next = { country_code: 'BF', city: 'Ouagadougou' };
    fs.writeFileSync(`${file}.tmp`, mmdbFile({ '196.28.245.0/24': next }));
    fs.renameSync(`${file}.tmp`, file);
    // A new locator each time: answers are cached by the locator, the database is not.
    await vi.waitFor(
      async () => {
        const geo = createGeoLocator(config, memoryLog().log);
        expect((await geo.locate(OUAGA_IP)).city).toBe('Ouagadougou');
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it('goes on without the offline database when its file cannot be read, and says so', async () => {
    const file = path.join(makeTestDir('geoip'), 'abime.mmdb');
    fs.writeFileSync(file, 'pas une base');
    const { log, lines } = memoryLog();
    const geo = createGeoLocator({ geoipProviders: [providers.ok], geoipDatabase: file }, log);
    expect(await geo.locate(OUAGA_IP)).toMatchObject({ city: 'Ouagadougou', country_code: 'BF' });
    expect(lines.map((l) => l.msg)).toContain(
      'géolocalisation IP : base hors ligne illisible, ignorée',
    );
  });
});

describe('GEOIP_DATABASE', () => {
  it('must name an existing .mmdb file, said in French', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: makeTestDir('geoip') };
    expect(loadConfig({ ...base, GEOIP_DATABASE: CITY_DB }).geoipDatabase).toBe(CITY_DB);
    expect(loadConfig(base).geoipDatabase).toBeUndefined();
    expect(() => loadConfig({ ...base, GEOIP_DATABASE: '/nulle/part.mmdb' })).toThrow(
      /GEOIP_DATABASE.*doit être le chemin d'un fichier \.mmdb existant/,
    );
  });
});

describe('provider answers', () => {
  it('reads the common field names', () => {
    expect(readProviderAnswer({ city: 'Abidjan', country: 'CI' })).toEqual({
      city: 'Abidjan',
      country: null,
      countryCode: 'CI',
    });
    expect(
      readProviderAnswer({ status: 'success', city: 'Bamako', country: 'Mali', countryCode: 'ML' }),
    ).toEqual({
      city: 'Bamako',
      country: 'Mali',
      countryCode: 'ML',
    });
    expect(
      readProviderAnswer({ cityName: 'Dakar', countryName: 'Senegal', countryCode: 'SN' }),
    ).toMatchObject({
      city: 'Dakar',
    });
  });

  it('treats reported failures as no answer', () => {
    expect(readProviderAnswer({ status: 'fail', message: 'reserved range' })).toBeNull();
    expect(readProviderAnswer({ success: false, city: 'X' })).toBeNull();
    expect(readProviderAnswer({ error: true, reason: 'Reserved IP Address' })).toBeNull();
    expect(readProviderAnswer({ ip: '1.2.3.4' })).toBeNull();
    expect(readProviderAnswer('Ouagadougou')).toBeNull();
  });

  it('knows private ranges', () => {
    expect(isPrivateIp('172.20.1.1')).toBe(true);
    expect(isPrivateIp('fd12::1')).toBe(true);
    expect(isPrivateIp(OUAGA_IP)).toBe(false);
  });
});

describe('GET /api/geo/locate', () => {
  /** Asks the route from behind a proxy that says the client is OUAGA_IP. */
  async function locateBehindProxy(trustProxy: boolean) {
    const app = Fastify({ trustProxy });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The route reads only the locator from the app's Deps.
    app.decorate(
      'deps',
      partialDeps({ geoLocator: createGeoLocator(withCities([]), memoryLog().log) }),
    );
    await app.register(geoRoutes, { prefix: '/api' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/geo/locate',
      headers: { 'x-forwarded-for': OUAGA_IP },
    });
    await app.close();
    return { status: res.statusCode, body: res.json<unknown>() };
  }

  it('answers the locality of the client address given by the trusted proxy', async () => {
    expect(await locateBehindProxy(true)).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          locality: 'Ouagadougou, Burkina Faso',
          city: 'Ouagadougou',
          country: 'Burkina Faso',
          country_code: 'BF',
        },
      },
    });
  });

  it('ignores X-Forwarded-For when the proxy is not trusted', async () => {
    expect(await locateBehindProxy(false)).toEqual({
      status: 200,
      body: {
        success: true,
        data: { locality: null, city: null, country: null, country_code: null },
      },
    });
  });
});
