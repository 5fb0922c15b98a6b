/** Console: the dashboard (30-day series and queue counts) and the audit log (admins). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/db.js';
import { one } from '../../db/db.js';
import { pageOf, paginate, staffGuards } from './staff.js';

const DAYS = 30;

async function tableExists(sql: Sql, name: string) {
  return !!(await one<{ t: string | null }>(sql, 'SELECT to_regclass($1)::text AS t', [name]))?.t;
}

/** Counts per day over the last 30 days (days without rows are 0), from a table's timestamp. */
async function perDay(sql: Sql, from: string, column: string, where = 'true') {
  const rows = await sql.query<{ day: string; n: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0)::int AS n
       FROM generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') AS d(day)
       LEFT JOIN (SELECT date_trunc('day', ${column})::date AS day, count(*) AS n FROM ${from}
                   WHERE ${column} >= current_date - ${DAYS - 1} AND ${where} GROUP BY 1) c ON c.day = d.day::date
      ORDER BY d.day`,
  );
  return rows;
}

async function countWhere(sql: Sql, table: string, where: string) {
  if (!(await tableExists(sql, table))) return 0;
  return (
    (await one<{ n: number }>(sql, `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))?.n ??
    0
  );
}

export async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff, requireAdmin } = staffGuards(app);
  const tags = ['admin'];

  app.get('/admin/dashboard', { preValidation: requireStaff, schema: { tags } }, async () => {
    const db = app.db;
    const hasOrders = await tableExists(db, 'payment_orders');
    const [newMembers, active, messages, matches, revenue, byProvider] = await Promise.all([
      perDay(db, 'users', 'created_at'),
      db.query<{ day: string; n: number }>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, (SELECT count(*)::int FROM member_activity a WHERE a.day = d.day::date) AS n
           FROM generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') AS d(day) ORDER BY d.day`,
      ),
      perDay(db, 'messages', 'created_at'),
      perDay(db, 'chats', 'created_at', `origin = 'match'`),
      hasOrders
        ? db.query<{ day: string; n: number }>(
            `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(o.amount), 0)::int AS n
               FROM generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') AS d(day)
               LEFT JOIN payment_orders o ON o.status = 'success' AND date_trunc('day', o.created_at)::date = d.day::date
              GROUP BY d.day ORDER BY d.day`,
          )
        : Promise.resolve([]),
      hasOrders
        ? db.query<{ provider: string; amount: number; orders: number }>(
            `SELECT provider, coalesce(sum(amount), 0)::int AS amount, count(*)::int AS orders FROM payment_orders
              WHERE status = 'success' AND created_at >= current_date - ${DAYS - 1} GROUP BY provider ORDER BY amount DESC`,
          )
        : Promise.resolve([]),
    ]);
    return {
      success: true,
      data: {
        series: {
          new_members: newMembers,
          active_members: active,
          messages,
          matches,
          revenue_fcfa: revenue,
        },
        revenue_by_provider: byProvider,
        pending: {
          stories: await countWhere(db, 'stories', `status = 'pending'`),
          reports: await countWhere(db, 'reports', `status = 'open'`),
          tickets: await countWhere(db, 'support_tickets', `status IN ('pending', 'in_progress')`),
          payments: await countWhere(db, 'payment_orders', `status = 'pending'`),
        },
      },
    };
  });

  app.get(
    '/admin/audit',
    {
      preValidation: requireAdmin,
      schema: { querystring: z.object({ page: z.coerce.number().int().min(1).optional() }), tags },
    },
    async (req) => {
      const p = pageOf(req.query.page, 50);
      const rows = await app.db.query(
        `SELECT a.id, a.actor_id, u.name AS actor_name, u.email AS actor_email, a.action, a.target_type, a.target_id,
                a.reason, a.data, a.created_at
           FROM audit_log a JOIN users u ON u.id = a.actor_id ORDER BY a.id DESC LIMIT $1 OFFSET $2`,
        [p.limit, p.offset],
      );
      return { success: true, ...paginate(rows, p) };
    },
  );
}
