/** Queries on push_subscriptions: save one, forget one, a member's list, drop a gone one. */
import type { Database } from '../../db/kysely.js';

/** A browser's subscription (web-push.ts's PushSubscriptionInput). */
interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Saves or refreshes the member's subscription; false when another member owns the endpoint.
 * An endpoint stays with the member who registered it: sending it again from another account
 * must not divert that member's pushes (the WHERE leaves the row untouched).
 */
export async function saveSubscription(db: Database, userId: number, sub: Subscription) {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: sub.keys.p256dh, auth: sub.keys.auth })
        .where('push_subscriptions.user_id', '=', userId),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteSubscription(db: Database, userId: number, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export function findSubscriptions(db: Database, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteSubscriptionById(db: Database, id: number) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
