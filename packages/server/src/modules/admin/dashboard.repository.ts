/**
 * SQL of the console's dashboard: 30-day series (days without rows are 0), revenue rows by
 * completion day and provider, and queue counts. The window's days come from generate_series
 * (the `sql` template); each series' counts are a typed query joined onto them.
 */
import { sql, type Expression } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** The dashboard's window, today included. */
const DASHBOARD_DAYS = 30;
const FIRST_DAY = sql<Date>`current_date - ${sql.lit(DASHBOARD_DAYS - 1)}`;
const DAYS = sql`generate_series(${FIRST_DAY}, current_date, interval '1 day') AS d(day)`;

export interface DayCount {
  day: string;
  n: number;
}

/** The window's days, oldest first ('YYYY-MM-DD'). */
export async function windowDays(db: Database) {
  const { rows } = await sql<{
    day: string;
  }>`SELECT to_char(d.day, 'YYYY-MM-DD') AS day FROM ${DAYS} ORDER BY d.day`.execute(db);
  return rows.map((r) => r.day);
}

/** Counts per day ({day, n} rows) spread over every day of the window, 0 where none. */
async function overWindow(db: Database, counts: Expression<{ day: Date; n: number }>) {
  const { rows } = await sql<DayCount>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0)::int AS n
      FROM ${DAYS} LEFT JOIN (${counts}) c ON c.day = d.day::date
     ORDER BY d.day`.execute(db);
  return rows;
}

const dayOf = (column: string) => sql<Date>`date_trunc('day', ${sql.ref(column)})::date`;

export function newMembersPerDay(db: Database) {
  return overWindow(
    db,
    db
      .selectFrom('users')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', FIRST_DAY)
      .groupBy(sql`1`),
  );
}

export function messagesPerDay(db: Database) {
  return overWindow(
    db,
    db
      .selectFrom('messages')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', FIRST_DAY)
      .groupBy(sql`1`),
  );
}

/** Chats opened by a mutual like. */
export function matchesPerDay(db: Database) {
  return overWindow(
    db,
    db
      .selectFrom('chats')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', FIRST_DAY)
      .where('origin', '=', 'match')
      .groupBy(sql`1`),
  );
}

/** Members who used the app, per day (member_activity, one row per member and day). */
export function activeMembersPerDay(db: Database) {
  return overWindow(
    db,
    db
      .selectFrom('member_activity')
      .select((eb) => ['day', eb.fn.countAll<number>().as('n')])
      .where('day', '>=', FIRST_DAY)
      .groupBy('day'),
  );
}

/**
 * Paid orders per day and provider, dated by completion (the day the money came in, not the
 * day the order was opened).
 */
export function revenuePerDayAndProvider(db: Database) {
  return db
    .selectFrom('payment_orders')
    .select([
      sql<string>`to_char(date_trunc('day', completed_at), 'YYYY-MM-DD')`.as('day'),
      'provider',
      sql<number>`sum(amount)::int`.as('amount'),
      sql<number>`count(*)::int`.as('orders'),
    ])
    .where('status', '=', 'success')
    .where('completed_at', '>=', FIRST_DAY)
    .groupBy([sql`1`, sql`2`])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
}

export type RevenueRow = Awaited<ReturnType<typeof revenuePerDayAndProvider>>[number];

/** The pending count of each console queue. */
export async function pendingCounts(db: Database) {
  const count = (q: { executeTakeFirst(): Promise<{ n: number } | undefined> }) =>
    q.executeTakeFirst().then((r) => r?.n ?? 0);
  return {
    stories: await count(
      db
        .selectFrom('stories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending'),
    ),
    reports: await count(
      db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open'),
    ),
    tickets: await count(
      db
        .selectFrom('support_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'in_progress']),
    ),
    payments: await count(
      db
        .selectFrom('payment_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending'),
    ),
    scams: await count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chat_hold_at', 'is not', null)
        .where('blocked_at', 'is', null),
    ),
  };
}
