/**
 * Asking for the notification permission (only from the panel's card, never on load) and
 * subscribing this browser to Web Push with the server's VAPID key, through the service worker.
 * A browser already allowed to notify is subscribed for whoever signs in on it, and signing out
 * ends its subscription, so a member never receives the previous member's pushes.
 */
import { dropPushSubscription, pushPublicKey, savePushSubscription } from '../../api/memberCalls';
import { getToken } from '../../auth/session';
import { urlBase64ToUint8Array } from './pushPayload';
import { isPushRenewedMessage } from './pushRenewal';

export type PermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): PermissionState {
  return 'Notification' in window ? Notification.permission : 'unsupported';
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const current = sub.options.applicationServerKey;
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
}

/** The subscription as the server takes it (its keys missing: empty, which the server refuses). */
function subscriptionOf(sub: PushSubscription) {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Subscribes (or re-sends an existing subscription); false when push is not available. */
async function subscribePush(): Promise<boolean> {
  const reg = await registration();
  if (!reg) return false;
  const res = await pushPublicKey();
  const publicKey = res.success ? res.data?.public_key : null;
  if (!publicKey) return false;
  const key = urlBase64ToUint8Array(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const saved = await savePushSubscription(subscriptionOf(sub));
  if (saved.httpStatus !== 409) return saved.success;
  // The server keeps this endpoint for the member who registered it (whose session here ended
  // without signing out): a new subscription gives this browser an endpoint of its own.
  await sub.unsubscribe();
  sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const again = await savePushSubscription(subscriptionOf(sub));
  return again.success;
}

/** The member this page load subscribed for (keepPushSubscribed). */
let subscribedFor: number | null = null;
let listening = false;

/**
 * For signing out (call while the token is still there): the server forgets this browser for
 * the member and the browser drops the subscription, the one whatever the other answers.
 */
export async function unsubscribePush(): Promise<void> {
  subscribedFor = null;
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  if (!sub) return;
  await Promise.allSettled([dropPushSubscription(sub.endpoint), sub.unsubscribe()]);
}

/**
 * On every signed-in load: where the browser already allows notifications (the opt-in card
 * shows only while it was never asked), this browser's subscription is (re)saved for the
 * member now signed in, once per load; and when the service worker had to subscribe again, the
 * new subscription is saved too.
 */
export function keepPushSubscribed(memberId: number): void {
  if (!listening && 'serviceWorker' in navigator) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if (!isPushRenewedMessage(event.data) || !getToken()) return;
      void subscribePush().catch(() => false);
    });
  }
  if (subscribedFor === memberId || notificationPermission() !== 'granted') return;
  subscribedFor = memberId;
  void subscribePush().catch(() => {
    subscribedFor = null;
  });
}

/** Asks for the permission, then subscribes to push; reminders need only the permission. */
export async function enableNotifications(): Promise<PermissionState> {
  if (!('Notification' in window)) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribePush().catch(() => false);
  return permission;
}
