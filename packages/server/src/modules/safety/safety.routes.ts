/**
 * Block and report (beyond the spec). A block hides both members from each other everywhere
 * and stops every message either way; a report goes to moderation with the chat's last
 * messages attached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_MSG, REPORT_REASONS, type TReportReason } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { AppError } from '../../errors.js';
import { photoOf } from '../chats/chat.presenter.js';
import { lastMessages } from '../chats/message.repository.js';
import { findChatForUser } from '../chats/chat.repository.js';

const ZId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const token = { token: z.string().optional() };
const reasons = Object.keys(REPORT_REASONS) as [TReportReason, ...TReportReason[]];

export async function safetyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['safety'];

  const memberExists = async (id: number) =>
    (await app.db.query('SELECT 1 AS x FROM users WHERE id = $1', [id])).length === 1;

  app.post(
    '/users/:id/block',
    { ...auth, schema: { params: ZId, body: z.object(token).default({}), tags } },
    async (req) => {
      const me = requireUser(req);
      if (req.params.id === me.id || !(await memberExists(req.params.id))) {
        throw new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });
      }
      await app.db.query(
        'INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [me.id, req.params.id],
      );
      return { success: true, message: CHAT_MSG.blockedDone };
    },
  );

  app.post(
    '/users/:id/unblock',
    { ...auth, schema: { params: ZId, body: z.object(token).default({}), tags } },
    async (req) => {
      const rows = await app.db.query(
        'DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING blocked_id',
        [requireUser(req).id, req.params.id],
      );
      if (rows.length === 0)
        throw new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });
      return { success: true, message: CHAT_MSG.unblockedDone };
    },
  );

  app.post(
    '/blocks',
    {
      ...auth,
      schema: {
        body: z
          .object({ ...token, page: z.coerce.number().int().min(1).max(10_000).default(1) })
          .default({ page: 1 }),
        tags,
      },
    },
    async (req) => {
      const perPage = 20;
      const page = req.body.page;
      const rows = await app.db.query<{
        id: number;
        name: string | null;
        photo_key: string | null;
        created_at: Date;
      }>(
        `SELECT u.id, u.name, u.photo_key, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id
          WHERE b.blocker_id = $1 ORDER BY b.created_at DESC LIMIT $2 OFFSET $3`,
        [requireUser(req).id, perPage + 1, (page - 1) * perPage],
      );
      return {
        success: true,
        data: rows.slice(0, perPage).map((r) => ({
          id: r.id,
          name: r.name,
          photo: photoOf(app, r.photo_key),
          blocked_at: r.created_at,
        })),
        pagination: { page, per_page: perPage, has_more: rows.length > perPage },
      };
    },
  );

  app.get('/report-reasons', { schema: { tags } }, async () => ({
    success: true,
    data: Object.entries(REPORT_REASONS).map(([id, label]) => ({ id, label })),
  }));

  app.post(
    '/users/:id/report',
    {
      ...auth,
      schema: {
        params: ZId,
        body: z.object({
          ...token,
          reason: z.enum(reasons, { error: CHAT_MSG.reasonRequired }),
          details: z.string().trim().max(1000).optional(),
          chat_id: z.coerce.number().int().positive().optional(),
        }),
        tags,
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      if (req.params.id === me.id || !(await memberExists(req.params.id))) {
        throw new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });
      }
      let evidence: unknown[] = [];
      if (req.body.chat_id) {
        const chat = await findChatForUser(app.db, req.body.chat_id, me.id);
        if (!chat || chat.other_id !== req.params.id)
          throw new AppError('not_found', CHAT_MSG.notFound, { status: 404 });
        evidence = (await lastMessages(app.db, chat.id, 20)).map((m) => ({
          id: m.id,
          sender_id: m.sender_id,
          type: m.type,
          content: m.content,
          created_at: m.created_at,
        }));
      }
      await app.db.query(
        `INSERT INTO reports (reporter_id, reported_id, chat_id, reason, details, evidence) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          me.id,
          req.params.id,
          req.body.chat_id ?? null,
          req.body.reason,
          req.body.details ?? null,
          JSON.stringify(evidence),
        ],
      );
      return reply.status(201).send({ success: true, message: CHAT_MSG.reportDone });
    },
  );
}
