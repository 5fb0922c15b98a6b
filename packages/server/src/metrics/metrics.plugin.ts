/**
 * GET /metrics for Prometheus (metrics-access.ts says who may read it; others get the plain
 * 404 of an unknown path), and the time of every HTTP answer by route pattern, method and
 * status. Registered at the root (fastify-plugin) so the hook sees every route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canReadMetrics } from './metrics-access.js';

export const METRICS_PATH = '/metrics';

/**
 * The route's pattern, never the URL (ids and tokens would make a series each). The web app's
 * files (one route each, @fastify/static) count as one; a page answered by the history
 * fallback is `spa`, a path nothing answers `unmatched`.
 */
function routeLabel(req: FastifyRequest, status: number): string {
  const { url, config } = req.routeOptions;
  if (!url) return status === 404 ? 'unmatched' : 'spa';
  if ('file' in config) return 'static';
  return url;
}

export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics, config } = app.deps;
  const access = { trustProxy: config.trustProxy, token: config.metricsToken };

  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(req, reply.statusCode);
    // Prometheus' own visits would make the traffic graphs; they are not the members'.
    if (route === METRICS_PATH) return;
    const labels = { route, method: req.method, status: String(reply.statusCode) };
    metrics.requestAnswered(labels, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!canReadMetrics(req, access)) return reply.callNotFound();
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.scrape());
  });
});
