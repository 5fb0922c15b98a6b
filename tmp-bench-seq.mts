import fs from 'node:fs';
const tokens: string[] = JSON.parse(fs.readFileSync('/tmp/bench-tokens.json', 'utf8'));
for (const [path, body] of [
  ['/api/location/nearby', { latitude: 12.3714, longitude: -1.5197, radius: 50, min_age: 18, max_age: 99 }],
  ['/api/swipe/profiles', { limit: 10, exclude_ids: [] }],
  ['/api/health', undefined],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const r = await fetch(`http://127.0.0.1:4555${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[(i * 7) % tokens.length]}` }, body: JSON.stringify(body) } : {});
    await r.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(path, 'sequential: p50', times[150]?.toFixed(1), 'ms, p99', times[297]?.toFixed(1), 'ms');
}
