/**
 * The server's link to Redis (REDIS_URL): a command client (rate limits, health, the Socket.IO
 * adapter's publications) and a subscriber. Redis is a helper, never a single point of failure:
 * while it is away, commands fail at once instead of queueing (callers fall back to this process),
 * the outage is logged once, and ioredis reconnects by itself, forever, with a capped back-off.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Longest wait for one Redis command: a stalled link must not stall a request. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
const RECONNECT_MAX_DELAY_MS = 2000;

export interface RedisLink {
  /** Commands: rate limits, health, the adapter's publications. Fails fast while Redis is away. */
  readonly client: Redis;
  /** Pub/sub subscriber of the Socket.IO adapter (subscriptions are restored on reconnection). */
  readonly subscriber: Redis;
  /** Both connections are up: cross-copy features can be used. */
  isUp(): boolean;
  /** Answers whether Redis replied to a PING within the command time-out. */
  ping(): Promise<boolean>;
  /** Records that a call had to fall back to this process (logged once per outage). */
  noteFallback(what: string, err?: unknown): void;
  /** Resolves when both connections are up, or after `ms` (the server starts either way). */
  ready(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

const retryStrategy = (times: number) => Math.min(times * 200, RECONNECT_MAX_DELAY_MS);

export function createRedisLink(url: string, log: Log): RedisLink {
  const base: RedisOptions = { retryStrategy, connectTimeout: 2000, lazyConnect: false };
  const client = new Redis(url, {
    ...base,
    // Away means away: no queue of commands waiting for a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The adapter subscribes once, at start, without awaiting: those calls wait for the link.
  const subscriber = new Redis(url, { ...base, maxRetriesPerRequest: null });
  guardPublish(client);

  let down = false;
  let closing = false;
  const markDown = (err?: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { err },
      'Redis injoignable : limites de débit en mémoire et temps réel limité à cette copie, reconnexion en cours',
    );
  };
  const markUp = () => {
    if (!down || !isUp()) return;
    down = false;
    log.info('Redis de nouveau joignable : limites et temps réel partagés rétablis');
  };
  const isUp = () => client.status === 'ready' && subscriber.status === 'ready';

  for (const c of [client, subscriber]) {
    // Without a listener ioredis prints every failed attempt; the outage is logged once above.
    c.on('error', (err) => markDown(err));
    c.on('close', () => markDown());
    c.on('ready', markUp);
  }

  return {
    client,
    subscriber,
    isUp,
    async ping() {
      if (client.status !== 'ready') return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch (err) {
        markDown(err);
        return false;
      }
    },
    noteFallback: (_what, err) => markDown(err),
    ready: (ms) =>
      new Promise((resolve) => {
        if (isUp()) return resolve(true);
        const timer = setTimeout(() => done(false), ms);
        const check = () => {
          if (isUp()) done(true);
        };
        const done = (up: boolean) => {
          clearTimeout(timer);
          client.off('ready', check);
          subscriber.off('ready', check);
          resolve(up);
        };
        client.on('ready', check);
        subscriber.on('ready', check);
      }),
    async close() {
      closing = true;
      // QUIT would wait in the subscriber's queue for a Redis that is away: cut the link then.
      await Promise.all(
        [client, subscriber].map(async (c) => {
          if (c.status !== 'ready') return c.disconnect();
          await c.quit().catch(() => c.disconnect());
        }),
      );
    },
  };
}

/**
 * The Socket.IO Redis adapter publishes without awaiting the answer: a publication refused while
 * Redis is away would become an unhandled rejection. Each publication's failure is handled here
 * (the local emit has already happened; the other copies miss that one event).
 */
function guardPublish(client: Redis) {
  const publish = client.publish.bind(client);
  const guarded = (channel: string | Buffer, message: string | Buffer) => {
    const sent = publish(channel, message);
    sent.catch(() => undefined);
    return sent;
  };
  Object.assign(client, { publish: guarded });
}
