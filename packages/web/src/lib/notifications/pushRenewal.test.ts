import { describe, expect, it } from 'vitest';
import { isPushRenewedMessage, PUSH_RENEWED_MESSAGE, renewPushSubscription } from './pushRenewal';

const subWithKey = (key: ArrayBuffer | null) =>
  ({
    endpoint: 'https://push.example/old',
    options: { applicationServerKey: key },
  }) as unknown as PushSubscription;

function context(opts: { old?: PushSubscription | null; fresh?: PushSubscription | null }) {
  const seen = { keys: [] as unknown[], fetched: 0, told: 0 };
  const renewed = subWithKey(null);
  return {
    seen,
    renewed,
    ctx: {
      pushManager: {
        subscribe: (o?: PushSubscriptionOptionsInit) => {
          seen.keys.push(o?.applicationServerKey);
          return Promise.resolve(renewed);
        },
      },
      oldSubscription: opts.old ?? null,
      newSubscription: opts.fresh ?? null,
      fetchPublicKey: () => {
        seen.fetched += 1;
        return Promise.resolve(new Uint8Array([9, 9]));
      },
      tellPages: () => {
        seen.told += 1;
        return Promise.resolve();
      },
    },
  };
}

describe('a renewed push subscription', () => {
  it("subscribes again with the old subscription's key and tells the open pages", async () => {
    const key = new Uint8Array([4, 1, 2, 3]).buffer;
    const { ctx, seen, renewed } = context({ old: subWithKey(key) });
    expect(await renewPushSubscription(ctx)).toBe(renewed);
    expect(seen).toEqual({ keys: [key], fetched: 0, told: 1 });
  });

  it('asks the server for the key when the browser did not keep the old subscription', async () => {
    const { ctx, seen } = context({});
    await renewPushSubscription(ctx);
    expect(seen.fetched).toBe(1);
    expect(seen.keys).toEqual([new Uint8Array([9, 9])]);
  });

  it('keeps the subscription the browser already made', async () => {
    const fresh = subWithKey(null);
    const { ctx, seen } = context({ fresh });
    expect(await renewPushSubscription(ctx)).toBe(fresh);
    expect(seen).toMatchObject({ keys: [], told: 1 });
  });

  it('is recognised by the pages', () => {
    expect(isPushRenewedMessage({ type: PUSH_RENEWED_MESSAGE })).toBe(true);
    expect(isPushRenewedMessage({ type: 'autre' })).toBe(false);
    expect(isPushRenewedMessage(null)).toBe(false);
  });
});
