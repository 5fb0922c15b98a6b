/**
 * When the browser renews or drops this device's push subscription (`pushsubscriptionchange`
 * in the service worker): subscribe again with the same VAPID key. Saving it on the server
 * needs the member's token, which only the pages hold: the worker tells the open pages, which
 * post it (see pushSubscription); with none open, the next opening of the app does.
 */

/** What the service worker posts to the pages once it subscribed again. */
export const PUSH_RENEWED_MESSAGE = 'push-subscription-renewed';

export const isPushRenewedMessage = (data: unknown): boolean =>
  !!data && typeof data === 'object' && 'type' in data && data.type === PUSH_RENEWED_MESSAGE;

export interface RenewalContext {
  pushManager: Pick<PushManager, 'subscribe'>;
  /** From the event, when the browser gives them. */
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
  /** The server's VAPID key as bytes, when the old subscription does not say it. */
  fetchPublicKey: () => Promise<BufferSource | null>;
  tellPages: () => Promise<void>;
}

/** The subscription now in force (null when there is no key to subscribe with). */
export async function renewPushSubscription(ctx: RenewalContext): Promise<PushSubscription | null> {
  let sub = ctx.newSubscription;
  if (!sub) {
    const key = ctx.oldSubscription?.options.applicationServerKey ?? (await ctx.fetchPublicKey());
    if (!key) return null;
    sub = await ctx.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await ctx.tellPages();
  return sub;
}
