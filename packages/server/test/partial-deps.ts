/**
 * Deps for a route tried on a bare Fastify instance: only the services that route reads (the
 * others are absent, so a route that starts needing more fails on the missing one).
 */
import type { Deps } from '../src/deps.js';

export const partialDeps = (some: Partial<Deps>) => some as Deps;
