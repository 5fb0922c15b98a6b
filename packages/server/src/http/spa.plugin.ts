/**
 * Serves the built web app: hashed assets with a one-year immutable cache, every other
 * non-API GET answered with index.html (history fallback, never cached so releases show).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@app/shared';
import { METRICS_PATH } from '../metrics/metrics.plugin.js';

const MISSING_BUILD = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Rencontre</title>
<p>L’application web n’est pas encore construite. Lancez <code>npm start</code>.</p></html>`;

export async function spaPlugin(app: FastifyInstance, opts: { root: string }) {
  const indexPath = path.join(opts.root, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // Our own Cache-Control wins over the plugin's default max-age.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : MISSING_BUILD;

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
    // Not a page either: /metrics refused to a caller answers as if it did not exist.
    const isMetrics = url === METRICS_PATH;
    if (req.method !== 'GET' || isApi || isMetrics || path.extname(url)) {
      return reply.status(404).send({ success: false, message: MSG.routeNotFound });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
