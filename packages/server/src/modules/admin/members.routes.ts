/**
 * Console: members — search, detail (signup device, the devices used and the other accounts
 * seen on each, coins, reports), block, unblock, device reset, roles, coins.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userRoom } from '@app/shared';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';
import { applyMovement } from '../coins/ledger.js';
import {
  assertCanSanction,
  audit,
  bodyOf,
  page,
  pageOf,
  paginate,
  reason,
  staffGuards,
  warnMessage,
  ZId,
} from './staff.js';
import * as repo from './members.repository.js';
import { presentMemberDetail, presentMemberRow } from './members.presenter.js';

const NOT_FOUND = 'Membre introuvable';
const BAD_AMOUNT = 'Montant invalide';
/** The largest manual credit or debit, in coins. */
const COINS_ADJUST_MAX = 100_000;

export async function adminMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireStaff, requireAdmin } = staffGuards(app);
  const staff = { preValidation: requireStaff };
  const admin = { preValidation: requireAdmin };
  const tags = ['admin'];

  const memberOr404 = async (id: number) => {
    const m = await repo.findMember(app.db, id);
    if (!m) throw new AppError('not_found', NOT_FOUND, { status: 404 });
    return m;
  };

  app.get(
    '/admin/members',
    {
      ...staff,
      schema: {
        querystring: z.object({ q: z.string().trim().max(100).optional(), page }),
        tags,
      },
    },
    async (req) => {
      const p = pageOf(req.query.page);
      const rows = await repo.searchMembers(app.db, req.query.q ?? '', p.limit, p.offset);
      const { data, pagination } = paginate(rows, p);
      return { success: true, data: data.map((m) => presentMemberRow(app, m)), pagination };
    },
  );

  app.get('/admin/members/:id', { ...staff, schema: { params: ZId, tags } }, async (req) => {
    const m = await memberOr404(req.params.id);
    const [accounts, refusals, devices, movements, received, made, orders] = await Promise.all([
      repo.accountsOnSameDevice(app.db, m.device_hash),
      m.device_hash ? repo.deviceRefusals(app.db, m.device_hash) : 0,
      repo.devicesOf(app.db, m.id),
      repo.coinMovements(app.db, m.id, 50),
      repo.reportsAbout(app.db, m.id, 'reported_id'),
      repo.reportsAbout(app.db, m.id, 'reporter_id'),
      repo.ordersOf(app.db, m.id, 50),
    ]);
    return {
      success: true,
      data: presentMemberDetail(app, m, {
        device: { accounts, refusals },
        devices,
        coin_movements: movements,
        orders,
        reports_received: received,
        reports_made: made,
      }),
    };
  });

  app.post(
    '/admin/members/:id/block',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      assertCanSanction(me, m);
      await app.db.transaction(async (tx) => {
        await repo.setBlocked(tx, m.id, req.body.reason);
        await audit(tx, {
          actorId: me.id,
          action: 'member.block',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
        });
      });
      app.realtime.io.in(userRoom(m.id)).disconnectSockets(true);
      return { success: true, message: 'Compte bloqué.' };
    },
  );

  app.post(
    '/admin/members/:id/unblock',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      assertCanSanction(me, m);
      await app.db.transaction(async (tx) => {
        await repo.setUnblocked(tx, m.id);
        await audit(tx, {
          actorId: me.id,
          action: 'member.unblock',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
        });
      });
      return { success: true, message: 'Compte débloqué.' };
    },
  );

  // Lifts the multiple-account lock of the member's device: its refusals are forgotten and the
  // accounts blocked for multiple creation are unblocked.
  app.post(
    '/admin/members/:id/reset-device',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      if (!m.device_hash) throw new AppError('validation', 'Aucun appareil connu pour ce membre.');
      const unblocked = await app.db.transaction(async (tx) => {
        const ids = await repo.resetDevice(tx, m.device_hash ?? '');
        await audit(tx, {
          actorId: me.id,
          action: 'member.reset_device',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
          data: { unblocked: ids },
        });
        return ids;
      });
      return { success: true, message: 'Verrou multi-comptes levé.', data: { unblocked } };
    },
  );

  app.post(
    '/admin/members/:id/role',
    {
      ...admin,
      schema: {
        params: ZId,
        body: bodyOf({
          role: z.enum(['member', 'moderator'], { error: 'Rôle invalide' }),
          reason,
        }),
        tags,
      },
    },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      if (m.role === 'admin')
        throw new AppError('forbidden', 'Le rôle d’un administrateur ne se change pas ici.', {
          status: 403,
        });
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET role = $2 WHERE id = $1', [m.id, req.body.role]);
        await audit(tx, {
          actorId: me.id,
          action: 'member.role',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
          data: { from: m.role, to: req.body.role },
        });
      });
      return { success: true, message: 'Rôle mis à jour.' };
    },
  );

  app.post(
    '/admin/members/:id/coins',
    {
      ...admin,
      schema: {
        params: ZId,
        body: bodyOf({
          amount: z.coerce
            .number({ error: BAD_AMOUNT })
            .int(BAD_AMOUNT)
            .refine((n) => n !== 0 && Math.abs(n) <= COINS_ADJUST_MAX, BAD_AMOUNT),
          reason,
        }),
        tags,
      },
    },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      const result = await app.db.transaction(async (tx) => {
        const r = await applyMovement(tx, {
          userId: m.id,
          amount: req.body.amount,
          reason: 'admin_adjustment',
          key: `admin_adjustment:${crypto.randomUUID()}`,
          meta: { actor_id: me.id, reason: req.body.reason },
        });
        await audit(tx, {
          actorId: me.id,
          action: 'coins.adjust',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
          data: { amount: req.body.amount, balance: r.balance },
        });
        return r;
      });
      return { success: true, message: 'Solde mis à jour.', data: { balance: result.balance } };
    },
  );

  app.post(
    '/admin/members/:id/photo/delete',
    { ...staff, schema: { params: ZId, body: bodyOf({ reason }), tags } },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      assertCanSanction(me, m);
      if (!m.photo_key) throw new AppError('validation', 'Ce membre n’a pas de photo.');
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET photo_key = NULL WHERE id = $1', [m.id]);
        await audit(tx, {
          actorId: me.id,
          action: 'member.photo_delete',
          targetType: 'user',
          targetId: m.id,
          reason: req.body.reason,
          data: { photo_key: m.photo_key },
        });
      });
      const { deletePhoto } = await import('../../adapters/images/photos.js');
      await deletePhoto(app.storage, m.photo_key).catch(() => undefined);
      await app.notify(m.id, 'moderation_warning', {
        message:
          'Votre photo de profil a été retirée par la modération. Ajoutez-en une conforme à nos règles.',
      });
      return { success: true, message: 'Photo supprimée.' };
    },
  );

  app.post(
    '/admin/members/:id/warn',
    {
      ...staff,
      schema: {
        params: ZId,
        body: bodyOf({ message: warnMessage, reason }),
        tags,
      },
    },
    async (req) => {
      const me = requireUser(req);
      const m = await memberOr404(req.params.id);
      await audit(app.db, {
        actorId: me.id,
        action: 'member.warn',
        targetType: 'user',
        targetId: m.id,
        reason: req.body.reason,
        data: { message: req.body.message },
      });
      await app.notify(m.id, 'moderation_warning', { message: req.body.message });
      return { success: true, message: 'Avertissement envoyé.' };
    },
  );
}
