/** What the server says of a member's deck and notifications, for the swipe flows. */
import { callApi, type E2EMember } from './members.js';

/** Ids of the profiles /swipe/profiles offers `member` now. */
export async function offeredIds(member: E2EMember): Promise<number[]> {
  const res = await callApi('/swipe/profiles', { limit: 20 }, member.token);
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/swipe/profiles: data is not a list');
  return list.map((p: unknown) =>
    typeof p === 'object' && p !== null && 'id' in p ? Number(p.id) : Number.NaN,
  );
}

export interface NotificationSeen {
  type: string;
  data: Record<string, unknown>;
}

/** `member`'s notifications, newest first (the first 50). */
export async function notificationsOf(member: E2EMember): Promise<NotificationSeen[]> {
  const res = await callApi('/notifications', { page: 1, per_page: 50 }, member.token);
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/notifications: data is not a list');
  return list.map((n: unknown) => {
    if (typeof n !== 'object' || n === null) return { type: '', data: {} };
    const type = 'type' in n ? String(n.type) : '';
    const data =
      'data' in n && typeof n.data === 'object' && n.data !== null
        ? Object.fromEntries(Object.entries(n.data))
        : {};
    return { type, data };
  });
}
