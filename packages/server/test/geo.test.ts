/** IP geolocation: offline database, ordered providers with retries and time-outs, the route. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createGeoLocator, isPrivateIp } from '../src/adapters/geoip/index.js';
import { readProviderAnswer } from '../src/adapters/geoip/provider-answer.js';
import { geoRoutes } from '../src/modules/geo/geo.routes.js';

// In geoip-lite's data: Ouagadougou, and a Burkina Faso range without a city.
const OUAGA_IP = '196.28.245.1';
const BF_NO_CITY_IP = '197.239.64.1';

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
    const geo = createGeoLocator({ geoipProviders: [providers.ok] }, memoryLog().log);
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
    const geo = createGeoLocator({ geoipProviders: [providers.slow, providers.ok] }, log, {
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
    expect(providers.hits).toEqual([
      `/slow/${BF_NO_CITY_IP}`,
      `/slow/${BF_NO_CITY_IP}`,
      `/ok/${BF_NO_CITY_IP}`,
    ]);
    const failures = lines.filter((l) => l.msg === 'géolocalisation IP : fournisseur en échec');
    expect(failures.map((l) => [l.level, l.attempt])).toEqual([
      [20, 1],
      [20, 2],
    ]);
    // A second lookup of the same address comes from the cache.
    await geo.locate(BF_NO_CITY_IP);
    expect(providers.hits).toHaveLength(3);
  });

  it('skips a bad template and a 500, then a later provider answers for a private address', async () => {
    providers.hits.length = 0;
    const geo = createGeoLocator(
      { geoipProviders: ['pas-une-url/{ip}', providers.fail, providers.ok] },
      memoryLog().log,
    );
    expect(await geo.locate('10.1.2.3')).toMatchObject({ city: 'Ouagadougou', country_code: 'BF' });
    expect(providers.hits).toEqual(['/fail/10.1.2.3', '/fail/10.1.2.3', '/ok/10.1.2.3']);
  });

  it('keeps the offline country when every provider fails', async () => {
    const geo = createGeoLocator({ geoipProviders: [providers.fail] }, memoryLog().log);
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
    const geo = createGeoLocator({ geoipProviders: [] }, memoryLog().log);
    expect(await geo.locate('2c0f:f0f8::1')).toMatchObject({ country: 'Togo', country_code: 'TG' });
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
    app.decorate('geoLocator', createGeoLocator({ geoipProviders: [] }, memoryLog().log));
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
