import fs from 'node:fs';
import autocannon from 'autocannon';
const tokens: string[] = JSON.parse(fs.readFileSync('/tmp/bench-tokens.json', 'utf8'));
const [path, rate, seconds] = [process.argv[2] ?? '/api/location/nearby', Number(process.argv[3] ?? 100), Number(process.argv[4] ?? 15)];
let i = 0;
const body = path.includes('nearby')
  ? JSON.stringify({ latitude: 12.3714, longitude: -1.5197, radius: 50, min_age: 18, max_age: 99 })
  : JSON.stringify({ limit: 10, exclude_ids: [] });
const r = await autocannon({
  url: `http://127.0.0.1:4555${path}`,
  connections: 10,
  duration: seconds,
  overallRate: rate || undefined,
  requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i++ % tokens.length]}` } }) }],
});
console.log(`${path} @${rate || 'max'} rps: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}, errors ${r.errors}`);
