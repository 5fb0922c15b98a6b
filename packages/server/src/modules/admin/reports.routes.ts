/**
 * Console: the reports queue (from chat) and its decisions: dismiss, warn, block. Deleting the
 * reported member's photo or one of their announcements goes through the member and
 * announcement routes (the card lists the announcements from /admin/announcements?user_id=).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_REASONS, type TReportReason, userRoom } from '@app/shared';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';
import { one } from '../../db/db.js';
import { photoOf } from '../chats/chat.presenter.js';
import {
  assertCanSanction,
  audit,
  bodyOf,
  oneOf,
  page,
  pageOf,
  paginate,
  reason,
  staffGuards,
  warnMessage,
  ZId,
} from './staff.js';
import { setBlocked } from './members.repository.js';

interface ReportRow extends Record<string, unknown> {
  id: number;
  reporter_id: number;
  reported_id: number;
  chat_id: number | null;
  reason: TReportReason;
  details: string | null;
  evidence: unknown[];
  status: string;
  created_at: Date;
  reported_name: string | null;
  reported_email: string;
  reported_photo_key: string | null;
  reported_blocked_at: Date | null;
  reporter_name: string | null;
  earlier_reports: number;
  /** The reported member's announcements not deleted yet (the card offers to review them). */
  announcements: number;
}

export async function adminReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff } = staffGuards(app);
  const staff = { preValidation: requireStaff };
  const tags = ['admin'];

  app.get(
    '/admin/reports',
    {
      ...staff,
      schema: {
        querystring: z.object({
          status: oneOf(['open', 'reviewed', 'dismissed'], 'Statut').default('open'),
          page,
        }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const rows = await app.db.query<ReportRow>(
        `SELECT r.id, r.reporter_id, r.reported_id, r.chat_id, r.reason, r.details, r.evidence, r.status, r.created_at,
                ru.name AS reported_name, ru.email AS reported_email, ru.photo_key AS reported_photo_key,
                ru.blocked_at AS reported_blocked_at, rp.name AS reporter_name,
                (SELECT count(*)::int FROM reports e WHERE e.reported_id = r.reported_id AND e.id < r.id) AS earlier_reports,
                (SELECT count(*)::int FROM announcements a WHERE a.user_id = r.reported_id AND a.deleted_at IS NULL) AS announcements
           FROM reports r JOIN users ru ON ru.id = r.reported_id JOIN users rp ON rp.id = r.reporter_id
          WHERE r.status = $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
        [req.query.status, p.limit, p.offset],
      );
      const { data, pagination } = paginate(rows, p);
      return {
        success: true,
        data: data.map((r) => ({
          id: r.id,
          reason: r.reason,
          reason_label: REPORT_REASONS[r.reason] ?? r.reason,
          details: r.details,
          evidence: r.evidence,
          status: r.status,
          created_at: r.created_at,
          chat_id: r.chat_id,
          earlier_reports: r.earlier_reports,
          reporter: { id: r.reporter_id, name: r.reporter_name },
          reported: {
            id: r.reported_id,
            name: r.reported_name,
            email: r.reported_email,
            photo: photoOf(app, r.reported_photo_key, 'card'),
            blocked: !!r.reported_blocked_at,
            announcements: r.announcements,
          },
        })),
        pagination,
      };
    },
  );

  const openReport = async (id: number) => {
    const r = await one<{ id: number; reported_id: number; reported_role: string; status: string }>(
      app.db,
      'SELECT r.id, r.reported_id, u.role AS reported_role, r.status FROM reports r JOIN users u ON u.id = r.reported_id WHERE r.id = $1',
      [id],
    );
    if (!r) throw new AppError('not_found', 'Signalement introuvable', { status: 404 });
    if (r.status !== 'open')
      throw new AppError('conflict', 'Ce signalement a déjà été traité.', { status: 409 });
    return r;
  };

  app.post(
    '/admin/reports/:id/dismiss',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const r = await openReport(req.params.id);
      await app.db.transaction(async (tx) => {
        await tx.query(`UPDATE reports SET status = 'dismissed' WHERE id = $1`, [r.id]);
        await audit(tx, {
          actorId: me.id,
          action: 'report.dismiss',
          targetType: 'report',
          targetId: r.id,
          reason: req.body.reason,
        });
      });
      return { success: true, message: 'Signalement classé.' };
    },
  );

  app.post(
    '/admin/reports/:id/warn',
    {
      ...staff,
      schema: {
        params: ZId,
        body: bodyOf({ reason, message: warnMessage }),
        tags,
      },
    },
    async (req) => {
      const me = requireUser(req);
      const r = await openReport(req.params.id);
      await app.db.transaction(async (tx) => {
        await tx.query(`UPDATE reports SET status = 'reviewed' WHERE id = $1`, [r.id]);
        await audit(tx, {
          actorId: me.id,
          action: 'report.warn',
          targetType: 'report',
          targetId: r.id,
          reason: req.body.reason,
          data: { member_id: r.reported_id, message: req.body.message },
        });
      });
      await app.notify(r.reported_id, 'moderation_warning', { message: req.body.message });
      return { success: true, message: 'Avertissement envoyé.' };
    },
  );

  app.post(
    '/admin/reports/:id/block',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const r = await openReport(req.params.id);
      assertCanSanction(me, { role: r.reported_role });
      await app.db.transaction(async (tx) => {
        await tx.query(`UPDATE reports SET status = 'reviewed' WHERE id = $1`, [r.id]);
        await setBlocked(tx, r.reported_id, req.body.reason);
        await audit(tx, {
          actorId: me.id,
          action: 'report.block',
          targetType: 'report',
          targetId: r.id,
          reason: req.body.reason,
          data: { member_id: r.reported_id },
        });
      });
      app.realtime.io.in(userRoom(r.reported_id)).disconnectSockets(true);
      return { success: true, message: 'Compte bloqué.' };
    },
  );
}
