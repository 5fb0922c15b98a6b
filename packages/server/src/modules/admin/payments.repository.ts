/** The console's payment orders on the typed query layer: a page by status and provider. */
import type { Database } from '../../db/kysely.js';

/**
 * A page of orders, newest first, with their member; `raised` keeps the pending ones still
 * unsettled 15 minutes after being made.
 */
export const findOrders = (
  db: Database,
  f: { status: string | null; provider: string | null; raised: boolean },
  limit: number,
  offset: number,
) =>
  db
    .selectFrom('payment_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.email as user_email'])
    .$if(f.status !== null, (qb) => qb.where('o.status', '=', f.status ?? ''))
    .$if(f.provider !== null, (qb) => qb.where('o.provider', '=', f.provider ?? ''))
    .$if(f.raised, (qb) => qb.where('o.raised_at', 'is not', null))
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
