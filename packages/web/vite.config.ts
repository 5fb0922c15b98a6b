import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
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
      // Precaches the shell, every lazy screen, the icons and public/offline.html (the page the
      // service worker shows when the shell itself cannot be served).
      // The staff console is left out: members never open it, so its chunks would only cost them
      // data on install.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['assets/admin-*'],
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
        // The icon set travels as one chunk with the signed-in app (the first screen imports none
        // of it) instead of dozens of tiny shared chunks, each named in the entry's preload map
        // and each precached on its own.
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // Chunks made only of console modules get an 'admin-' prefix, which the precache skips.
        // The realtime library's chunk is named for what it is (the e2e flaky-network test
        // targets it).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isConsoleModule)
            ? 'assets/admin-[name]-[hash].js'
            : chunk.moduleIds.some((id) => id.includes('/node_modules/socket.io-client/'))
              ? 'assets/realtime-[hash].js'
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
});
