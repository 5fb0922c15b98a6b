/**
 * The nearby benchmark's measured scenarios: POST /api/location/nearby from each viewer's own
 * position and POST /api/swipe/profiles, checked once, then loaded at a fixed rate (paced) and at
 * maximum throughput after a warm-up, requests round-robin over the viewers' sessions.
 */
import os from 'node:os';
import {
  PACED_INSTANCES,
  WARMUP_SECONDS,
  paced as load,
  table,
  type PacedResult as LoadResult,
  type PreparedRequest,
} from './paced.js';
import type { Viewer } from './nearby-seed.js';

type Endpoint = 'nearby' | 'swipe';

export const NEARBY_BODY = { radius: 50, min_age: 18, max_age: 99 };
const SWIPE_BODY = { limit: 10 };

const PATHS: Record<Endpoint, string> = {
  nearby: '/api/location/nearby',
  swipe: '/api/swipe/profiles',
};

const bodyOf = (endpoint: Endpoint, v: Viewer) =>
  endpoint === 'nearby' ? { latitude: v.lat, longitude: v.lng, ...NEARBY_BODY } : SWIPE_BODY;

/** One request per viewer, taken in turn: their own session and position. */
const requestsOf = (endpoint: Endpoint, viewers: Viewer[]): PreparedRequest[] =>
  viewers.map((v) => ({
    method: 'POST',
    path: PATHS[endpoint],
    token: v.token,
    body: JSON.stringify(bodyOf(endpoint, v)),
  }));

const { header: HEADER, row } = table(40);

/** The answers are what the screens expect, before measuring anything. */
export async function checkAnswers(origin: string, probe: Viewer): Promise<void> {
  for (const endpoint of ['nearby', 'swipe'] as const) {
    const res = await fetch(`${origin}${PATHS[endpoint]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${probe.token}` },
      body: JSON.stringify(bodyOf(endpoint, probe)),
    });
    const body = (await res.json()) as { data?: { distance?: number | null }[] };
    const want = endpoint === 'nearby' ? 50 : 10;
    if (res.status !== 200 || body.data?.length !== want) {
      throw new Error(
        `${endpoint}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    const far = Math.max(...body.data.map((d) => d.distance ?? 0));
    console.log(
      `  check ${PATHS[endpoint]} (Ouagadougou viewer): ${want} results, up to ${far} km`,
    );
  }
}

export interface Outcome {
  engine: string;
  endpoint: Endpoint;
  rate: number;
  name: string;
  r: LoadResult;
}

export interface LoadPlan {
  engine: string;
  origin: string;
  viewers: Viewer[];
  seconds: number;
  rate: number;
  connections: number;
}

/** Both endpoints, paced at `rate` then at maximum throughput; one table row per run. */
export async function runLoads(p: LoadPlan, outcomes: Outcome[]): Promise<void> {
  const { seconds, rate, connections } = p;
  const paced = Math.max(1, Math.min(PACED_INSTANCES, rate));
  console.log(
    `\nLoad: ${seconds} s per run after a ${WARMUP_SECONDS} s warm-up; paced: ${paced} autocannon ` +
      `instances x 1 connection x overallRate ${rate / paced}, started ` +
      `${(1000 / paced).toFixed(0)} ms apart; max: 1 instance, ${connections} connections. ` +
      `Requests round-robin over ${p.viewers.length} viewers (own session, own position).`,
  );
  console.log(HEADER);
  for (const endpoint of ['nearby', 'swipe'] as const) {
    const job = { origin: p.origin, requests: requestsOf(endpoint, p.viewers) };
    await load({ ...job, seconds: WARMUP_SECONDS, rate: 0, instances: 1, connections });
    const modes = [
      { label: `${rate} req/s`, rate, instances: paced, connections: 1 },
      { label: 'max throughput', rate: 0, instances: 1, connections },
    ];
    for (const mode of modes) {
      const load1m = os.loadavg()[0] ?? 0;
      const r = await load({ ...job, seconds, ...mode });
      const name = `${PATHS[endpoint].replace('/api', '')}, ${mode.label}`;
      console.log(row(name, r, load1m));
      outcomes.push({ engine: p.engine, endpoint, rate: mode.rate, name, r });
      const odd = Object.entries(r.statuses).filter(([s]) => s !== '200');
      if (odd.length > 0) console.log(`  statuses other than 200: ${JSON.stringify(odd)}`);
    }
  }
}
