// Prints the gzip size of every built chunk and checks the first screen's JS budget (100 KB gzip):
// the entry chunk plus the chunks it imports statically (what the browser fetches before
// the first lazy route).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const BUDGET = 100 * 1024;
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const assets = path.join(dist, 'assets');
const files = fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const rows = files.map((f) => ({
  f,
  raw: fs.statSync(path.join(assets, f)).size,
  gz: gz(path.join(assets, f)),
}));
rows.sort((a, b) => b.gz - a.gz);
console.log('chunk'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) console.log(r.f.padEnd(48), kb(r.raw).padStart(10), kb(r.gz).padStart(10));

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const walk = (name) => {
  if (seen.has(name)) return;
  seen.add(name);
  const code = fs.readFileSync(path.join(assets, name), 'utf8');
  // Static imports only: `import ... from "./x.js"` or `import "./x.js"` at top level.
  for (const m of code.matchAll(
    /(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
  ))
    walk(m[1]);
};
entry.forEach(walk);
const sizeOf = (set) => [...set].reduce((sum, f) => sum + gz(path.join(assets, f)), 0);
const entryLoad = sizeOf(seen);
console.log(`\nEntry JS (${[...seen].join(', ')}): ${kb(entryLoad)} gzip`);

// The first screen a visitor sees is /login: the entry plus the login page's chunk and
// everything that chunk imports statically. That sum is what the budget holds.
const loginChunk = files.find((f) => /^LoginPage-.*\.js$/.test(f));
if (loginChunk) walk(loginChunk);
const firstLoad = sizeOf(seen);
console.log(`First screen (/login) JS: ${kb(firstLoad)} gzip (budget ${kb(BUDGET)})`);
if (firstLoad > BUDGET) {
  console.error('Budget dépassé : le JS du premier écran dépasse 100 KB gzip.');
  process.exit(1);
}
