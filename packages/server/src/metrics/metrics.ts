/**
 * The app's Prometheus metrics, read at GET /metrics (metrics.plugin.ts). Each app has a
 * registry of its own, so several apps in one test process never add to each other's counters;
 * what describes the process itself (CPU, memory, event-loop lag, GC: prom-client's defaults)
 * sits in one registry per process, made by the first app and joined to each app's at scrape
 * time. Services count business events through `deps.metrics`, never an imported registry.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { watchSources, type ScrapeSources } from './scrape-gauges.js';

type PaymentOutcome = 'success' | 'failed';

interface RequestLabels {
  /** The route's pattern (`/api/chats/:id`), never the raw URL. */
  route: string;
  method: string;
  status: string;
}

export interface Metrics {
  /** A chat message stored and sent (a retry answered from the stored one is not counted). */
  messageSent(type: string): void;
  /** The scam shield: a message flagged, a member held for review. */
  scamShield(event: 'flagged' | 'held'): void;
  /** Voice calls: placed, answered, ended (by outcome, with the seconds talked). */
  callPlaced(): void;
  callAnswered(): void;
  callEnded(outcome: string, seconds: number): void;
  /** Bytes the TURN relay carried for a member of a call, as their device's getStats counted. */
  callRelayed(bytes: number): void;
  /** An account created, by e-mail and password or by Google. */
  signUp(method: 'email' | 'google'): void;
  /** An order settled (pending → success | failed), by its provider. */
  paymentSettled(provider: string, outcome: PaymentOutcome): void;
  /** A ledger movement applied: credited when positive, debited when negative. */
  coinsMoved(amount: number, reason: string): void;
  requestAnswered(labels: RequestLabels, seconds: number): void;
  queryRan(operation: string, outcome: 'ok' | 'error', seconds: number): void;
  /** Adds the gauges read at each scrape (sockets, rooms, Redis, pool, stuck payments). */
  watch(sources: ScrapeSources): void;
  /** The exposition text: this app's series, then the process's. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | null = null;

/** prom-client's default series, once per process (they observe the process, not an app). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des réponses HTTP, par route (modèle), méthode et statut',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Durée des requêtes SQL passées par Kysely, par opération et issue',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
    registers,
  });
  const counter = <L extends string>(name: string, help: string, label: L) =>
    new Counter<L>({ name, help, labelNames: [label], registers });
  const messages = counter('chat_messages_sent_total', 'Messages envoyés, par type', 'type');
  const signUps = counter('signups_total', 'Comptes créés, par méthode', 'method');
  const shield = counter(
    'scam_shield_events_total',
    'Bouclier anti-arnaque : messages signalés (flagged) et membres retenus (held)',
    'event',
  );
  const payments = new Counter({
    name: 'payments_total',
    help: 'Commandes de pièces terminées, par fournisseur et issue',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  const credited = counter('coins_credited_total', 'Pièces créditées, par motif', 'reason');
  const debited = counter('coins_debited_total', 'Pièces débitées, par motif', 'reason');
  const callsPlaced = new Counter({ name: 'calls_placed_total', help: 'Appels passés', registers });
  const callsAnswered = new Counter({
    name: 'calls_answered_total',
    help: 'Appels décrochés',
    registers,
  });
  const callsEnded = counter('calls_ended_total', 'Appels terminés, par issue', 'outcome');
  const callSeconds = new Counter({
    name: 'call_seconds_total',
    help: 'Durée parlée des appels, en secondes (divisez par 60 pour les minutes)',
    registers,
  });
  const callBytes = new Counter({
    name: 'call_relayed_bytes_total',
    help: 'Octets relayés par TURN pour les membres des appels (envoyés + reçus, lus par getStats sur leur appareil)',
    registers,
  });
  const shared = processMetrics();

  return {
    messageSent: (type) => messages.inc({ type }),
    scamShield: (event) => shield.inc({ event }),
    signUp: (method) => signUps.inc({ method }),
    callPlaced: () => callsPlaced.inc(),
    callAnswered: () => callsAnswered.inc(),
    callEnded(outcome, seconds) {
      callsEnded.inc({ outcome });
      if (seconds > 0) callSeconds.inc(seconds);
    },
    callRelayed: (bytes) => callBytes.inc(bytes),
    paymentSettled: (provider, outcome) => payments.inc({ provider, outcome }),
    coinsMoved(amount, reason) {
      if (amount > 0) credited.inc({ reason }, amount);
      else if (amount < 0) debited.inc({ reason }, -amount);
    },
    requestAnswered: (labels, seconds) => http.observe(labels, seconds),
    queryRan: (operation, outcome, seconds) => queries.observe({ operation, outcome }, seconds),
    watch: (sources) => watchSources(registry, sources),
    scrape: () => Registry.merge([registry, shared]).metrics(),
    contentType: registry.contentType,
  };
}
