/**
 * Web Push through the `web-push` package (VAPID). Keys come from config or are generated once
 * into DATA_DIR/vapid.json. A subscription the push service calls gone (404/410) is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';

interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Notifications with one tag replace each other on the device (a chat's: `chat:<id>`). */
  tag: string;
  /** With a tag: the replacing notification still alerts the member. */
  renotify?: boolean;
  icon?: string;
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Where members' subscriptions are kept (the notifications module's
 * push-subscriptions.repository.ts, on the database).
 */
/** A stored subscription, as the sender needs it. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSubscriptionStore {
  /** Saves or refreshes; false when another member owns the endpoint. */
  save(userId: number, sub: PushSubscriptionInput): Promise<boolean>;
  remove(userId: number, endpoint: string): Promise<void>;
  list(userId: number): Promise<PushTarget[]>;
  /** Drops one the push service calls gone. */
  drop(id: number): Promise<void>;
}

export interface PushSender {
  readonly publicKey: string;
  /** Saves or refreshes the member's subscription; false when another member owns the endpoint. */
  subscribe(userId: number, sub: PushSubscriptionInput): Promise<boolean>;
  unsubscribe(userId: number, endpoint: string): Promise<void>;
  /**
   * Sends to every subscription of the member; answers how many were delivered. `targets`:
   * the member's subscriptions when the caller already read them (with the notification's own
   * statement), so they are not read again.
   */
  send(userId: number, payload: PushPayload, targets?: PushTarget[]): Promise<number>;
}

/** The generated keys' file in DATA_DIR (a backup carries it: subscriptions depend on it). */
export const VAPID_FILE = 'vapid.json';

function loadKeys(config: Pick<Config, 'vapid' | 'dataDir'>) {
  if (config.vapid) return config.vapid;
  const file = path.join(config.dataDir, VAPID_FILE);
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    if (saved.publicKey && saved.privateKey) return saved;
  } catch {
    // First start: generate below.
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function createPushSender(
  config: Pick<Config, 'vapid' | 'vapidSubject' | 'dataDir'>,
  subscriptions: PushSubscriptionStore,
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>,
  options: { agent?: Agent } = {},
): PushSender {
  const keys = loadKeys(config);
  const vapidDetails = {
    subject: config.vapidSubject,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
  };
  return {
    publicKey: keys.publicKey,
    subscribe: (userId, sub) => subscriptions.save(userId, sub),
    unsubscribe: (userId, endpoint) => subscriptions.remove(userId, endpoint),
    async send(userId, payload, targets) {
      const subs = targets ?? (await subscriptions.list(userId));
      let delivered = 0;
      await Promise.all(
        subs.map(async (s) => {
          try {
            await webpush.sendNotification(
              { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
              JSON.stringify(payload),
              {
                vapidDetails,
                TTL: 24 * 3600,
                urgency: 'high',
                timeout: 10_000,
                agent: options.agent,
              },
            );
            delivered += 1;
          } catch (err) {
            const status = (err as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) {
              await subscriptions.drop(s.id);
            } else {
              log.warn({ status, userId }, 'push non délivré');
            }
          }
        }),
      );
      return delivered;
    },
  };
}
