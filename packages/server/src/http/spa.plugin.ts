/**
 * Serves the built web app: hashed assets with a one-year immutable cache, every other
 * non-API GET answered with its page (never cached so releases show): the public screens the
 * build drew to HTML and the bare page, as dist/pages.json lists them, and the signed-in frame
 * (index.html) for every other address. A form posted before the page's code ran (the browser's
 * own submit) is sent back to its page, its fields never read nor logged.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@app/shared';
import { METRICS_PATH } from '../metrics/metrics.plugin.js';

const MISSING_BUILD = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Rencontre</title>
<p>L'application web n'est pas encore construite. Lancez <code>npm start</code>.</p></html>`;

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
  const pages = hasBuild ? readPages(opts.root) : new Map<string, string>();
  const pageFor = (url: string) => pages.get(url.length > 1 ? url.replace(/\/$/, '') : url);

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
    // Not a page either: /metrics refused to a caller answers as if it did not exist.
    const isMetrics = url === METRICS_PATH;
    const page = pageFor(url);
    if (req.method === 'POST' && page !== undefined) return reply.redirect(url, 303);
    if (req.method !== 'GET' || isApi || isMetrics || path.extname(url)) {
      return reply.status(404).send({ success: false, message: MSG.routeNotFound });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page ?? indexHtml);
  });
}

/** The built pages by address (dist/pages.json, written by the web build), read once. */
function readPages(root: string): Map<string, string> {
  const listPath = path.join(root, 'pages.json');
  if (!fs.existsSync(listPath)) return new Map();
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<string, string>;
  const byFile = new Map<string, string>();
  const pages = new Map<string, string>();
  for (const [at, file] of Object.entries(list)) {
    const filePath = path.join(root, path.basename(file));
    if (!byFile.has(file)) byFile.set(file, fs.readFileSync(filePath, 'utf8'));
    pages.set(at, byFile.get(file) ?? '');
  }
  return pages;
}
