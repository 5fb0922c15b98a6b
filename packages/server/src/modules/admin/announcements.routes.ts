/**
 * Console: announcements — search (text, author, one member's), hide (out of the feed, kept),
 * restore or delete, each with a reason.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';
import { one } from '../../db/db.js';
import { audit, bodyOf, oneOf, page, pageOf, paginate, reason, staffGuards, ZId } from './staff.js';

export async function adminAnnouncementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff } = staffGuards(app);
  const staff = { preValidation: requireStaff };
  const tags = ['admin'];

  app.get(
    '/admin/announcements',
    {
      ...staff,
      schema: {
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          status: oneOf(['active', 'hidden', 'deleted', 'all'], 'Statut').default('all'),
          // One member's announcements (a report card, a member page).
          user_id: ZId.shape.id.optional(),
          page,
        }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const q = req.query.q ?? '';
      const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const status = {
        all: 'true',
        active: 'a.is_active AND a.deleted_at IS NULL',
        hidden: 'NOT a.is_active AND a.deleted_at IS NULL',
        deleted: 'a.deleted_at IS NOT NULL',
      }[req.query.status];
      const rows = await app.db.query(
        `SELECT a.id, a.description, a.category, a.views, a.is_active, a.deleted_at, a.created_at,
                u.id AS user_id, u.name AS user_name, u.email AS user_email
           FROM announcements a JOIN users u ON u.id = a.user_id
          WHERE ${status} AND ($1 = '' OR lower(a.description) LIKE $2 OR lower(u.name) LIKE $2 OR u.email LIKE $2 OR a.id::text = $1)
            AND ($5::bigint IS NULL OR a.user_id = $5)
          ORDER BY a.id DESC LIMIT $3 OFFSET $4`,
        [q, like, p.limit, p.offset, req.query.user_id ?? null],
      );
      return { success: true, ...paginate(rows, p) };
    },
  );

  const act = (action: 'hide' | 'restore' | 'delete') =>
    app.post(
      `/admin/announcements/:id/${action}`,
      { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
      async (req) => {
        const me = requireUser(req);
        const row = await one<{ id: number; user_id: number }>(
          app.db,
          'SELECT id, user_id FROM announcements WHERE id = $1 AND deleted_at IS NULL',
          [req.params.id],
        );
        if (!row) throw new AppError('not_found', 'Annonce introuvable', { status: 404 });
        const sql = {
          hide: 'UPDATE announcements SET is_active = false, updated_at = now() WHERE id = $1',
          restore: 'UPDATE announcements SET is_active = true, updated_at = now() WHERE id = $1',
          delete:
            'UPDATE announcements SET is_active = false, deleted_at = now(), updated_at = now() WHERE id = $1',
        }[action];
        await app.db.transaction(async (tx) => {
          await tx.query(sql, [row.id]);
          await audit(tx, {
            actorId: me.id,
            action: `announcement.${action}`,
            targetType: 'announcement',
            targetId: row.id,
            reason: req.body.reason,
          });
        });
        if (action !== 'restore') {
          await app.notify(row.user_id, 'moderation_warning', {
            message: `Votre annonce a été retirée par la modération : ${req.body.reason}`,
          });
        }
        return {
          success: true,
          message:
            action === 'restore'
              ? 'Annonce rétablie.'
              : action === 'hide'
                ? 'Annonce masquée.'
                : 'Annonce supprimée.',
        };
      },
    );
  act('hide');
  act('restore');
  act('delete');
}
