import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API = 'http://localhost:3000';

// The console's screens and hooks, and the shared types and rules only the console uses.
const isConsoleModule = (id: string) =>
  id.includes('/features/admin/') ||
  id.includes('/api/useAdmin') ||
  /\/shared\/src\/(contract\/)?admin[^/]*\.ts$/.test(id);

const BOOT = fileURLToPath(new URL('src/boot.ts', import.meta.url));

/**
 * The boot (src/boot.ts) is an entry of its own, a few hundred bytes, placed before the app's
 * script in the page: it runs as soon as it arrives, while the app's code is still downloading,
 * and starts what a returning member's screen will ask for. The development server has no
 * bundle to wait for, and does without it.
 */
function bootScript(): Plugin {
  return {
    name: 'boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === BOOT,
        );
        if (!boot) throw new Error('the boot chunk is missing from the build');
        const tag = `<script type="module" crossorigin src="/${boot.fileName}"></script>`;
        return html.replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
      },
    },
  };
}

/**
 * The API's table of calls (shared/contract/endpoints.ts) says who may make each call; the
 * server enforces it, and the web's `call` reads only the method and the path. The phone is
 * spared that column: every screen downloads the table.
 */
function clientEndpoints(): Plugin {
  const table = /\/shared\/src\/contract\/endpoints\.ts$/;
  return {
    name: 'client-endpoints',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!table.test(id.split('?')[0] ?? '')) return null;
      return code.replace(/,\s*auth:\s*['"](?:public|member|staff|admin)['"]/g, '');
    },
  };
}

type Bundle = Rollup.OutputBundle;

/** A chunk and the chunks it imports statically, with their styles: `add` gets each file once. */
function walkStatic(bundle: Bundle, fileName: string, add: (file: string) => boolean) {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || !add(fileName)) return;
  chunk.viteMetadata?.importedCss.forEach(add);
  chunk.imports.forEach((f) => walkStatic(bundle, f, add));
}

/** What a later visit may still need: written next to the page for the warm-up (pwa.ts). */
const LATER_LIST = 'later-assets.json';
/** The shell: the entries, what they import statically and their CSS (set by shellList). */
const shell = new Set<string>();

/**
 * The service worker precaches the shell only (the first visit downloads what the first screen
 * needs and nothing else); other screens' chunks are cached as they are visited, or ahead of
 * time on Wi-Fi (pwa.ts reads later-assets.json). Computes both lists from the bundle.
 */
function shellList(): Plugin {
  return {
    name: 'shell-list',
    apply: 'build',
    // After Vite's own: it drops the JS of chunks made only of CSS at that step.
    enforce: 'post',
    generateBundle(_options, bundle) {
      // The service worker's own build (vite-plugin-pwa) goes through here too: not the app.
      const isApp = Object.values(bundle).some(
        (c) => c.type === 'chunk' && c.facadeModuleId === BOOT,
      );
      if (!isApp) return;
      shell.clear();
      const add = (file: string) => !shell.has(file) && !!shell.add(file);
      Object.values(bundle).forEach(
        (c) => c.type === 'chunk' && c.isEntry && walkStatic(bundle, c.fileName, add),
      );
      const later = Object.keys(bundle).filter(
        (f) =>
          f.startsWith('assets/') &&
          !shell.has(f) &&
          !f.startsWith('assets/admin-') &&
          /\.(js|css)$/.test(f),
      );
      // The drawn pages are written after the bundle (prerenderPages): named from pages.ts.
      later.push(...laterPages());
      this.emitFile({
        type: 'asset',
        fileName: LATER_LIST,
        source: JSON.stringify(later.map((f) => `/${f}`)),
      });
    },
  };
}

const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
const webFile = (file: string) => path.join(WEB_ROOT, file);

/** The screen each drawn page shows (its styles go in the page's head), by file (src/pages.ts). */
const PAGE_SCREENS: Record<string, string[]> = {
  'login.html': ['src/features/auth/LoginPage.tsx'],
  'signup.html': ['src/features/auth/SignupPage.tsx'],
  'forgot-password.html': ['src/features/auth/ForgotPasswordPage.tsx'],
  'policies.html': ['src/features/policies/PoliciesPage.tsx'],
  'blocked.html': ['src/features/blocked/BlockedPage.tsx'],
  // The frame: the shell's styles and the feed's skeleton cards.
  'index.html': ['src/app/SignedIn.tsx', 'src/features/announcements/HomePage.tsx'],
};

/**
 * The pages the service worker does not precache, as the page's warm-up fetches them: the drawn
 * ones and the bare page (pages.ts BARE_PAGE).
 */
const laterPages = () =>
  [...Object.keys(PAGE_SCREENS), 'app.html'].filter((f) => !PRECACHED_PAGES.includes(f));

interface PrerenderModule {
  PRERENDERED: Record<string, string>;
  FRAME_PAGE: string;
  BARE_PAGE: string;
  pageTable: () => Record<string, string>;
  renderPage: (path: string) => Promise<string>;
  renderFrame: () => string;
}

/**
 * Paint before the code arrives: once the bundle is written, React renders the public screens
 * and the signed-in frame to HTML (src/prerender.tsx, loaded in Node through Vite), and each is
 * written into a copy of the built index.html with the styles it needs; dist/pages.json tells
 * the server which address gets which page. Runs before the service worker's precache list is
 * made, so the pages it precaches are these.
 */
function prerenderPages(): Plugin {
  /** Styles of each module's chunk and of what it imports statically, by module path. */
  const styles = new Map<string, string[]>();
  let app = false;
  let dist = webFile('dist');
  return {
    name: 'prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      app = Object.values(bundle).some((c) => c.type === 'chunk' && c.facadeModuleId === BOOT);
      if (!app) return;
      styles.clear();
      // Only the screens the pages draw (PAGE_SCREENS), not every chunk of the build.
      const wanted = new Set(Object.values(PAGE_SCREENS).flat().map(webFile));
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk' || !c.facadeModuleId || !wanted.has(c.facadeModuleId)) continue;
        const files = new Set<string>();
        walkStatic(bundle, c.fileName, (file) => !files.has(file) && !!files.add(file));
        styles.set(
          c.facadeModuleId,
          [...files].filter((f) => f.endsWith('.css')),
        );
      }
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!app) return;
        app = false;
        const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        const write = (file: string, html: string, attrs: string) => {
          const links = (PAGE_SCREENS[file] ?? [])
            .flatMap((m) => styles.get(webFile(m)) ?? [])
            .filter((css) => !template.includes(`/${css}"`))
            .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
          const page = template
            .replace('</head>', `${[...new Set(links)].join('')}</head>`)
            .replace('<div id="root"></div>', `<div id="root" ${attrs}>${html}</div>`);
          fs.writeFileSync(path.join(dist, file), page);
        };
        const server = await createServer({
          configFile: false,
          root: WEB_ROOT,
          logLevel: 'error',
          plugins: [react()],
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const m = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
          const drawn = new Map<string, string>();
          for (const [at, file] of Object.entries(m.PRERENDERED)) {
            if (!drawn.has(file) || at !== '/') drawn.set(file, at);
          }
          for (const [file, at] of drawn) {
            write(file, await m.renderPage(at), `data-page="prerendered" data-path="${at}"`);
          }
          write(m.BARE_PAGE, '', 'data-page="bare"');
          // Inert until the app runs it (main.tsx lifts it): a tap is never lost on a dead button.
          write(m.FRAME_PAGE, m.renderFrame(), 'data-page="frame" inert');
          fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify(m.pageTable()));
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * The pages the service worker precaches: the signed-in frame, for a member who opens the app
 * offline, and the offline page. The public screens (sign-in, sign-up, forgotten password,
 * policies, blocked account, the bare page: 15 KB together) are kept once visited, or fetched
 * ahead with the other screens (later-assets.json), not on every member's first visit: a
 * signed-in member seldom opens them again, and signing in needs the network anyway.
 */
const PRECACHED_PAGES = ['index.html', 'offline.html'];
/**
 * Files the page itself fetches on the first visit (the favicon, the web app manifest) or that
 * only the browser asks for when the app is installed (the large icon): precached, each crossed
 * the network a second time, about 5 KB of every member's first visit. The small icon stays: a
 * notification shows it, also when the network is poor.
 */
const NOT_PRECACHED = ['favicon.svg', 'manifest.webmanifest', 'icon-512.png'];
const isPage = (url: string) => /^[\w-]+\.html$/.test(url);
/** Precached: the shell's code, those pages, and every other file that is not a screen's chunk. */
const inShell = (url: string) =>
  isPage(url)
    ? PRECACHED_PAGES.includes(url)
    : !NOT_PRECACHED.includes(url) && (!/^assets\/.+\.(js|css)$/.test(url) || shell.has(url));

/** Tells one build from the next: the cache kept on phones is dropped by a new one. */
const BUILD_ID = process.env.BUILD_ID ?? Date.now().toString(36);

export default defineConfig(() => ({
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: webFile('src/lib/syncExternalStore.ts'),
      },
      // Leaflet's ES module build: the bundler keeps only what the map uses (about 1.5 KB gzip
      // less than the UMD build on /near + map, which is at its budget).
      { find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' },
    ],
  },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  plugins: [
    react(),
    clientEndpoints(),
    bootScript(),
    shellList(),
    prerenderPages(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The glob below already precaches the icons; listing them twice only bloats sw.js.
      includeManifestIcons: false,
      manifest: {
        name: 'Rencontre',
        short_name: 'Rencontre',
        description: 'Rencontres et amitiés au Burkina Faso',
        lang: 'fr',
        id: '/home',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#e0245e',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      // Precaches the shell (shellList), the icons and public/offline.html (the page the service
      // worker shows when the shell itself cannot be served). The staff console is left out:
      // members never open it, so its chunks would only cost them data.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['assets/admin-*'],
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((e) => inShell(e.url)), warnings: [] }),
        ],
      },
    }),
  ],
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 200,
    rollupOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), boot: BOOT },
      output: {
        // Chunks made only of console modules get an 'admin-' prefix, which the precache skips.
        // The realtime library's chunk is named for what it is, apart from the shared event
        // names' chunk (the e2e flaky-network test targets it).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isConsoleModule)
            ? 'assets/admin-[name]-[hash].js'
            : chunk.moduleIds.some((id) => id.includes('/node_modules/socket.io-client/'))
              ? 'assets/realtime-client-[hash].js'
              : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.originalFileNames.length > 0 && asset.originalFileNames.every(isConsoleModule)
            ? 'assets/admin-[name]-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': API, '/uploads': API, '/socket.io': { target: API, ws: true } },
  },
}));
