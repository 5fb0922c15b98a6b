/**
 * LISTEN on PostgreSQL needs a connection of its own, held open (a pooled one would be handed
 * to queries and lose its subscription). If it drops (restart, failover, network cut), it is
 * opened again with a capped back-off, and `onReconnect` says that notifications may have been
 * missed meanwhile.
 */
import pg from 'pg';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The subscription is back after a break: notifications sent meanwhile were lost. */
  onReconnect(): void;
}

/** Listens on `channel`; answers how to stop. Resolves after the first attempt, even a failed one. */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let broken = false;
  let delay = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const retry = () => {
    broken = true;
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  async function connect() {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    // Only the current connection's end counts (an old one may end after its replacement opened).
    const lost = () => {
      if (client !== c) return;
      void c.end().catch(() => undefined);
      retry();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onPayload(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      return lost();
    }
    delay = RETRY_FIRST_MS;
    if (broken) {
      broken = false;
      handlers.onReconnect();
    }
  }

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}
