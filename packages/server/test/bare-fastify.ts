/**
 * Fastify with one JSON route and nothing else (no plugin, no log, no database): the reference
 * `npm run bench` measures the app's calls against, in the same process and the same run.
 */
import Fastify, { type FastifyInstance } from 'fastify';

export async function startBareFastify(): Promise<FastifyInstance> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ success: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}
