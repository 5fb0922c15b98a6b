/**
 * Kysely's log hook (createKysely): every query's time goes to the metrics, and a query slower
 * than SLOW_QUERY_MS is logged (warn) with its plan id, a short hash of its SQL text that is the
 * same for every run of the same statement. Never its parameters; the text itself (Kysely's,
 * with $1 placeholders) only at debug, once per plan id, so an operator can name the statement.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LogEvent } from 'kysely';
import type { Metrics } from '../metrics/metrics.js';

const SLOW_QUERY_MS = 200;

/** Plan ids whose text was logged at debug, capped so a stream of new texts cannot grow it. */
const DESCRIBED_MAX = 1000;

export const planIdOf = (sqlText: string) =>
  crypto.createHash('sha256').update(sqlText).digest('hex').slice(0, 12);

const OPERATIONS = new Set(['select', 'insert', 'update', 'delete']);

/** The statement's verb for the histogram's label; a CTE or anything else is `other`. */
function operationOf(sqlText: string) {
  const verb = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? '';
  return OPERATIONS.has(verb) ? verb : 'other';
}

export function queryLogHook(
  metrics: Pick<Metrics, 'queryRan'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>,
) {
  const described = new Set<string>();
  return (event: LogEvent) => {
    const text = event.query.sql;
    const operation = operationOf(text);
    const ms = event.queryDurationMillis;
    metrics.queryRan(operation, event.level === 'error' ? 'error' : 'ok', ms / 1000);
    if (ms <= SLOW_QUERY_MS) return;
    const planId = planIdOf(text);
    log.warn({ planId, operation, durationMs: Math.round(ms) }, 'requête SQL lente');
    if (described.has(planId) || described.size >= DESCRIBED_MAX) return;
    described.add(planId);
    log.debug({ planId, sql: text }, 'texte de la requête SQL lente');
  };
}
