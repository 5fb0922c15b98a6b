/**
 * Gauges read when Prometheus scrapes, not kept up to date on every change: this copy's open
 * sockets and rooms, Redis availability (only when Redis is configured), the PostgreSQL pool
 * (only on PostgreSQL: PGlite has no pool), and the payments stuck pending (one cheap query).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/db.js';
import type { RedisLink } from '../adapters/redis/redis-link.js';
import type { Realtime } from '../realtime/realtime.js';

export interface ScrapeSources {
  realtime: Pick<Realtime, 'io'>;
  redis: Pick<RedisLink, 'isUp'> | null;
  /** The database: its pool's state when it has one (PostgreSQL). */
  db: Pick<Db, 'poolStats'>;
  /** Orders still pending 15 minutes after they were made (payments module). */
  stuckPayments: () => Promise<number>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** A room's kind from its name (`user:12` → user); a socket's own room is not counted. */
const roomKind = (room: string) => /^([a-z_]+):/.exec(room)?.[1] ?? 'other';

function watchRealtime(registers: Registry[], { io }: ScrapeSources['realtime']) {
  const root = io.of('/');
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'Connexions Socket.IO ouvertes sur cette copie',
    registers,
    collect() {
      this.set(root.sockets.size);
    },
  });
  new Gauge({
    name: 'realtime_rooms',
    help: 'Salons Socket.IO occupés sur cette copie, par sorte (user, session, chat)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const { rooms, sids } = root.adapter;
      const counts = new Map<string, number>();
      for (const room of rooms.keys()) {
        if (sids.has(room)) continue;
        const kind = roomKind(room);
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      this.reset();
      for (const [kind, n] of counts) this.set({ kind }, n);
    },
  });
}

function watchPool(registers: Registry[], db: ScrapeSources['db']) {
  const pool = () => db.poolStats?.() ?? { total: 0, idle: 0, waiting: 0, max: 0, roundTrips: 0 };
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connexions du pool PostgreSQL, par état (in_use, idle) et leur maximum (max)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const s = pool();
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'max' }, s.max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: 'Requêtes qui attendent une connexion libre du pool PostgreSQL',
    registers,
    collect() {
      this.set(pool().waiting);
    },
  });
  new Gauge({
    name: 'db_round_trips',
    help: 'Allers-retours vers PostgreSQL depuis le démarrage (requêtes, BEGIN, COMMIT, ROLLBACK)',
    registers,
    collect() {
      this.set(pool().roundTrips);
    },
  });
}

export function watchSources(registry: Registry, sources: ScrapeSources) {
  const registers = [registry];
  watchRealtime(registers, sources.realtime);
  const { redis, db } = sources;
  if (redis) {
    new Gauge({
      name: 'redis_up',
      help: 'Redis joignable (1) ou non (0)',
      registers,
      collect() {
        this.set(redis.isUp() ? 1 : 0);
      },
    });
  }
  if (db.poolStats) watchPool(registers, db);
  new Gauge({
    name: 'payment_orders_pending_stale',
    help: 'Commandes de pièces encore en attente 15 minutes après leur création',
    registers,
    async collect() {
      try {
        this.set(await sources.stuckPayments());
      } catch (err) {
        // The scrape still answers (the database being away shows elsewhere); the value stays.
        sources.log.warn({ err }, 'métriques : commandes en attente non comptées');
      }
    },
  });
}
