/**
 * What `npm run bench` loads. A feature adds an entry: the call its screens make most, with a
 * `setup` that seeds what the call needs (members, rows) and may sign a member in.
 *
 *   {
 *     name: 'feed page 1',
 *     method: 'GET',
 *     path: '/api/announcements',
 *     async setup(ctx) {
 *       const member = await createMember(ctx); // from packages/server/test/helpers.ts
 *       return { headers: { authorization: `Bearer ${member.token}` } };
 *     },
 *   },
 */
import type { TestApp } from '../packages/server/test/helpers.js';

export type BenchContext = TestApp & { baseUrl: string };

interface RequestShape {
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export interface Target extends RequestShape {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Runs once before the load; what it returns overrides the target's path, headers, body. */
  setup?: (ctx: BenchContext) => Promise<Partial<RequestShape>>;
}

export const targets: Target[] = [{ name: 'health', method: 'GET', path: '/api/health' }];
