/**
 * SQL of the console's dashboard: 30-day series (days without rows are 0), revenue rows by
 * completion day and provider, queue counts, and the audit log. Tables of later features are
 * read only when they exist.
 */
import { one, type Sql } from '../../db/db.js';

/** The dashboard's window, today included. */
export const DASHBOARD_DAYS = 30;
const FIRST_DAY = `current_date - ${DASHBOARD_DAYS - 1}`;
const DAYS = `generate_series(${FIRST_DAY}, current_date, interval '1 day') AS d(day)`;

export interface DayCount extends Record<string, unknown> {
  day: string;
  n: number;
}

export async function tableExists(sql: Sql, name: string) {
  return !!(await one<{ t: string | null }>(sql, 'SELECT to_regclass($1)::text AS t', [name]))?.t;
}

/** The window's days, oldest first ('YYYY-MM-DD'). */
export async function windowDays(sql: Sql) {
  const rows = await sql.query<{ day: string }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day FROM ${DAYS} ORDER BY d.day`,
  );
  return rows.map((r) => r.day);
}

/** Rows per day of a table, from one of its timestamps. */
export function countPerDay(sql: Sql, from: string, column: string, where = 'true') {
  return sql.query<DayCount>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0)::int AS n
       FROM ${DAYS}
       LEFT JOIN (SELECT date_trunc('day', ${column})::date AS day, count(*) AS n FROM ${from}
                   WHERE ${column} >= ${FIRST_DAY} AND ${where} GROUP BY 1) c ON c.day = d.day::date
      ORDER BY d.day`,
  );
}

/** Members who used the app, per day (member_activity, one row per member and day). */
export function activeMembersPerDay(sql: Sql) {
  return sql.query<DayCount>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            (SELECT count(*)::int FROM member_activity a WHERE a.day = d.day::date) AS n
       FROM ${DAYS} ORDER BY d.day`,
  );
}

export interface RevenueRow extends Record<string, unknown> {
  day: string;
  provider: string;
  amount: number;
  orders: number;
}

/**
 * Paid orders per day and provider, dated by completion (the day the money came in, not the
 * day the order was opened).
 */
export async function revenuePerDayAndProvider(sql: Sql): Promise<RevenueRow[]> {
  if (!(await tableExists(sql, 'payment_orders'))) return [];
  return sql.query<RevenueRow>(
    `SELECT to_char(date_trunc('day', completed_at), 'YYYY-MM-DD') AS day, provider,
            sum(amount)::int AS amount, count(*)::int AS orders
       FROM payment_orders
      WHERE status = 'success' AND completed_at >= ${FIRST_DAY}
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

export async function countWhere(sql: Sql, table: string, where: string) {
  if (!(await tableExists(sql, table))) return 0;
  const row = await one<{ n: number }>(
    sql,
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
  );
  return row?.n ?? 0;
}

export const findAuditEntries = (sql: Sql, limit: number, offset: number) =>
  sql.query(
    `SELECT a.id, a.actor_id, u.name AS actor_name, u.email AS actor_email, a.action, a.target_type, a.target_id,
            a.reason, a.data, a.created_at
       FROM audit_log a JOIN users u ON u.id = a.actor_id ORDER BY a.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
