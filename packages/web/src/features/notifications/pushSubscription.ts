/**
 * Asking for the notification permission (only from the panel's card, never on load) and
 * subscribing this browser to Web Push with the server's VAPID key, through the service worker.
 */
import { api } from '../../api/client';
import { urlBase64ToUint8Array } from './pushPayload';

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

/** Subscribes (or re-sends an existing subscription); false when push is not available. */
export async function subscribePush(): Promise<boolean> {
  const reg = await registration();
  if (!reg) return false;
  const res = await api<{ public_key: string | null }>('/push/public-key', { method: 'GET' });
  const publicKey = res.success ? res.data?.public_key : null;
  if (!publicKey) return false;
  const key = urlBase64ToUint8Array(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const saved = await api('/push/subscribe', { body: { subscription: sub.toJSON() } });
  return saved.success;
}

/** For signing out (call while the token is still there): this browser stops receiving push. */
export async function unsubscribePush(): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await api('/push/unsubscribe', { body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/** Asks for the permission, then subscribes to push; reminders need only the permission. */
export async function enableNotifications(): Promise<PermissionState> {
  if (!('Notification' in window)) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribePush().catch(() => false);
  return permission;
}
