// Prints the gzip size of every built chunk and checks each screen's first-load JS against its
// budget (the build fails over it): the entry and what it imports statically, then the chunks
// the screen loads at once (see ROUTES).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../dist');
const gzipped = new Map();
/** Gzip size of a file, computed once (the routes below share most of their chunks). */
const gz = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipped.get(file);
};
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

/** A chunk and every chunk it imports statically, transitively. */
function closure(names, seen = new Set()) {
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
  names.forEach(walk);
  return seen;
}
/** The chunks a module name gave (a hash may start with '-': name-x and name--y both). */
const chunk = (prefix) => {
  const found = files.filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (found.length === 0) throw new Error(`no ${prefix} chunk in the build`);
  return found;
};
const sizeOf = (set) => [...set].reduce((sum, f) => sum + gz(path.join(assets, f)), 0);

const entryChunks = closure(entry);
console.log(`\nEntry JS (${[...entryChunks].join(', ')}): ${kb(sizeOf(entryChunks))} gzip`);

// What a screen's first load downloads: the entry, then for a signed-in screen the signed-in
// part, then the screen's own chunk, each with its static imports. What a signed-in screen
// loads once it has been painted (lib/firstScreen: the realtime client, the reward modals, the
// reminders) is printed beside it, outside the budget. The map's Leaflet comes after the list
// (NearMap), so /near is given without and with it; the map is budgeted as part of the screen.
const SIGNED_IN = ['SignedIn'];
const AFTER_PAINT = ['realtime-client', 'RewardModals', 'reminders', 'pushSubscription'];
// Budgets (issue 26, with React): /login 90 KB, /home 120 KB, no screen over 160 KB.
const ROUTES = [
  // A drawn page also loads the small module that keeps what was typed before hydration.
  { route: '/login', chunks: ['LoginPage', 'keepTyped'], budget: 90 },
  { route: '/home', chunks: [...SIGNED_IN, 'HomePage'], budget: 120 },
  { route: '/swipes', chunks: [...SIGNED_IN, 'SwipesPage'], budget: 160 },
  { route: '/near', chunks: [...SIGNED_IN, 'NearPage'], budget: 160 },
  { route: '/near + map', chunks: [...SIGNED_IN, 'NearPage', 'NearMap'], budget: 160 },
  { route: '/chats', chunks: [...SIGNED_IN, 'ChatsPage'], budget: 160 },
  { route: '/chat/:id', chunks: [...SIGNED_IN, 'ChatPage'], budget: 160 },
  { route: '/histoires', chunks: [...SIGNED_IN, 'StoriesPage'], budget: 160 },
  { route: '/buy-coins', chunks: [...SIGNED_IN, 'BuyCoinsPage'], budget: 160 },
];

console.log(
  `\n${'first load of'.padEnd(14)} ${'JS gzip'.padStart(9)} ${'budget'.padStart(9)}  ${''.padEnd(13)}  then, after the paint`,
);
const over = [];
for (const r of ROUTES) {
  const first = closure([...entry, ...r.chunks.flatMap(chunk)]);
  const size = sizeOf(first);
  const signedIn = r.chunks.includes('SignedIn');
  const after = signedIn
    ? sizeOf(new Set([...closure(AFTER_PAINT.flatMap(chunk))].filter((f) => !first.has(f))))
    : 0;
  const ok = size <= r.budget * 1024;
  if (!ok) over.push(r.route);
  console.log(
    `${r.route.padEnd(14)} ${kb(size).padStart(9)} ${kb(r.budget * 1024).padStart(9)}  ${(ok ? 'within budget' : 'OVER BUDGET').padEnd(13)}  ${signedIn ? `+${kb(after)}` : ''}`,
  );
}
if (over.length > 0) {
  console.error(
    `Budget dépassé : le JS du premier chargement de ${over.join(', ')} dépasse son budget.`,
  );
  process.exit(1);
}
