/** Queries on push_subscriptions: save one, forget one, a member's list, drop a gone one. */
import type { Database } from '../../db/kysely.js';
import type {
  PushSubscriptionInput as Subscription,
  PushSubscriptionStore,
} from '../../adapters/push/web-push.js';

/**
 * Saves or refreshes the member's subscription; false when another member owns the endpoint.
 * An endpoint stays with the member who registered it: sending it again from another account
 * must not divert that member's pushes (the WHERE leaves the row untouched).
 */
async function saveSubscription(db: Database, userId: number, sub: Subscription) {
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

async function deleteSubscription(db: Database, userId: number, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

function findSubscriptions(db: Database, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
}

async function deleteSubscriptionById(db: Database, id: number) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The push adapter's store of subscriptions, on this database. */
export const pushSubscriptionStore = (db: Database): PushSubscriptionStore => ({
  save: (userId, sub) => saveSubscription(db, userId, sub),
  remove: (userId, endpoint) => deleteSubscription(db, userId, endpoint),
  list: (userId) => findSubscriptions(db, userId),
  drop: (id) => deleteSubscriptionById(db, id),
});
