/**
 * Block and report (beyond the spec), registered from the shared route table. A block hides
 * both members from each other everywhere and stops every message either way; a report goes
 * to moderation with the chat's last messages attached.
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_MSG, REPORT_REASONS } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { AppError } from '../../errors.js';
import { withLog, type Deps } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { photoUrls } from '../../adapters/images/photos.js';
import * as repo from './safety.repository.js';

/**
 * A report's evidence from a chat: its last messages when `userId` is in chat `chatId` with
 * `otherId`, undefined otherwise. Given by the app (the chats module's), so safety, which every
 * list's block condition comes from, never imports the chats module back.
 */
export type ChatEvidence = (
  deps: Pick<Deps, 'db'>,
  chatId: number,
  userId: number,
  otherId: number,
) => Promise<unknown[] | undefined>;

const BLOCKS_PER_PAGE = 20;

/** What else a block stops (the calls module's: calls between the two are cut). */
export type OnBlock = (deps: Deps, blockerId: number, blockedId: number) => Promise<void>;

export async function safetyRoutes(
  app: FastifyInstance,
  opts: { chatEvidence: ChatEvidence; onBlock?: OnBlock },
) {
  const { db, storage } = app.deps;
  const memberNotFound = () => new AppError('not_found', CHAT_MSG.userNotFound, { status: 404 });

  contractRoute(app, 'safety.block', async ({ id }, req) => {
    const me = requireUser(req);
    if (id === me.id || !(await repo.memberExists(db, id))) throw memberNotFound();
    await repo.insertBlock(db, me.id, id);
    await opts.onBlock?.(withLog(app.deps, req.log), me.id, id);
    return { success: true, message: CHAT_MSG.blockedDone };
  });

  contractRoute(app, 'safety.unblock', async ({ id }, req) => {
    if (!(await repo.deleteBlock(db, requireUser(req).id, id))) throw memberNotFound();
    return { success: true, message: CHAT_MSG.unblockedDone };
  });

  contractRoute(app, 'safety.blocks', async ({ page }, req) => {
    const rows = await repo.findBlocked(
      db,
      requireUser(req).id,
      BLOCKS_PER_PAGE + 1,
      (page - 1) * BLOCKS_PER_PAGE,
    );
    return {
      success: true,
      data: rows.slice(0, BLOCKS_PER_PAGE).map((r) => ({
        id: r.id,
        name: r.name,
        photo: r.photo_key ? photoUrls(storage, r.photo_key).thumb : null,
        blocked_at: new Date(r.created_at).toISOString(),
      })),
      pagination: { page, per_page: BLOCKS_PER_PAGE, has_more: rows.length > BLOCKS_PER_PAGE },
    };
  });

  contractRoute(app, 'safety.reportReasons', async () => ({
    success: true,
    data: Object.entries(REPORT_REASONS).map(([id, label]) => ({ id, label })),
  }));

  contractRoute(app, 'safety.report', async (input, req) => {
    const me = requireUser(req);
    if (input.id === me.id || !(await repo.memberExists(db, input.id))) throw memberNotFound();
    let evidence: unknown[] = [];
    if (input.chat_id) {
      const found = await opts.chatEvidence(app.deps, input.chat_id, me.id, input.id);
      if (!found) throw new AppError('not_found', CHAT_MSG.notFound, { status: 404 });
      evidence = found;
    }
    await repo.insertReport(db, {
      reporterId: me.id,
      reportedId: input.id,
      chatId: input.chat_id ?? null,
      reason: input.reason,
      details: input.details ?? null,
      evidence,
      photoPosition: input.photo_position ?? null,
      source: input.source ?? (input.chat_id ? 'chat' : null),
      announcementId: input.announcement_id ?? null,
    });
    // Three « Faux profil » from different members: no new chat until verified (issue 28).
    if (input.reason === 'fake_profile') await repo.holdWhenReportedFake(db, input.id);
    return { success: true, message: CHAT_MSG.reportDone };
  });
}
